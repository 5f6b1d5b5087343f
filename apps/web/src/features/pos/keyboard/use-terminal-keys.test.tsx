import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commandFor, type TerminalCommand, type TerminalMode } from './shortcuts';
import { BURST_GAP_MS, useTerminalKeys } from './use-terminal-keys';

const key = (key: string, extra: Partial<KeyboardEvent> = {}) => ({
  key,
  code: extra.code ?? '',
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...extra,
});

describe('the terminal key table', () => {
  it('function keys and Alt combinations work from the search box, where scans land', () => {
    expect(commandFor(key('F9'), 'sale', 'search')).toEqual({ type: 'completeSale' });
    expect(commandFor(key('F2'), 'sale', 'other')).toEqual({ type: 'focusSearch' });
    expect(commandFor(key('ç', { code: 'KeyC', altKey: true }), 'sale', 'search')).toEqual({
      type: 'paymentMethod',
      method: 'cash',
    });
    expect(commandFor(key('r', { code: 'KeyR', altKey: true }), 'sale', 'search-empty')).toEqual({
      type: 'paymentMethod',
      method: 'credit_card',
    });
    expect(commandFor(key('3', { code: 'Digit3', altKey: true }), 'sale', 'other')).toEqual({
      type: 'quickAmount',
      amount: 20,
    });
    expect(commandFor(key('a', { code: 'KeyA', altKey: true }), 'sale', 'search')).toEqual({
      type: 'focusPaymentInput',
    });
  });

  it('+, − and ? act only when the search box is empty or no field has focus (a scan may contain them)', () => {
    expect(commandFor(key('+'), 'sale', 'search-empty')).toEqual({ type: 'step', delta: 1 });
    expect(commandFor(key('-'), 'sale', 'other')).toEqual({ type: 'step', delta: -1 });
    expect(commandFor(key('?', { shiftKey: true }), 'sale', 'other')).toEqual({ type: 'openLegend' });
    expect(commandFor(key('-'), 'sale', 'search')).toBeNull();
    expect(commandFor(key('+'), 'sale', 'search')).toBeNull();
  });

  it('nothing fires while typing in the amount, reference or notes: Esc goes back to the search box', () => {
    for (const event of [
      key('F9'),
      key('F2'),
      key('+'),
      key('c', { code: 'KeyC', altKey: true }),
      key('1', { code: 'Digit1', altKey: true }),
    ]) {
      expect(commandFor(event, 'sale', 'typing')).toBeNull();
    }
    expect(commandFor(key('Escape'), 'sale', 'typing')).toEqual({ type: 'leaveField' });
  });

  it("AltGr (Ctrl+Alt) types characters and is never a shortcut; Enter is never one (a scanner's Enter)", () => {
    expect(commandFor(key('@', { code: 'KeyQ', altKey: true, ctrlKey: true }), 'sale', 'other')).toBeNull();
    expect(commandFor(key('e', { code: 'KeyE', altKey: true, ctrlKey: true }), 'sale', 'other')).toBeNull();
    for (const mode of ['sale', 'size', 'complete', 'legend', 'busy'] as TerminalMode[]) {
      expect(commandFor(key('Enter'), mode, 'other')).toBeNull();
    }
  });

  it('Choose Size takes 1–9; Transaction Complete takes P and S; another dialog takes nothing', () => {
    expect(commandFor(key('4'), 'size', 'other')).toEqual({ type: 'pickSize', index: 3 });
    expect(commandFor(key('F9'), 'size', 'other')).toBeNull();
    expect(commandFor(key('p'), 'complete', 'other')).toEqual({ type: 'print' });
    expect(commandFor(key('S', { shiftKey: true }), 'complete', 'other')).toEqual({ type: 'skip' });
    expect(commandFor(key('F9'), 'busy', 'search')).toBeNull();
  });
});

/** A terminal with the search box, an amount field and a button, and the key router on. */
function Terminal({ mode = 'sale' as TerminalMode, commands = [] as TerminalCommand[], scans = [] as string[] }) {
  const [search, setSearch] = useState('');
  const searchInput = useRef<HTMLInputElement | null>(null);
  useTerminalKeys({
    mode: () => mode,
    searchInput,
    setSearch,
    onCommand: (command) => commands.push(command),
    onScan: (code) => scans.push(code),
  });
  return (
    <div>
      <input
        aria-label="Search products"
        ref={searchInput}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <input aria-label="Amount Received" />
      <button type="button">Complete Sale</button>
    </div>
  );
}

describe('the terminal keyboard', () => {
  afterEach(() => vi.useRealTimers());

  it('keystrokes typed with no field focused go to the search box (a scanner types anywhere)', async () => {
    const user = userEvent.setup();
    render(<Terminal />);
    await user.keyboard('SNK-CHIP-01');
    const search = screen.getByRole('textbox', { name: 'Search products' });
    expect((search as HTMLInputElement).value).toBe('SNK-CHIP-01');
    expect(document.activeElement).toBe(search);
  });

  it('leaves typing in another field and space on a button alone', async () => {
    const user = userEvent.setup();
    const commands: TerminalCommand[] = [];
    render(<Terminal commands={commands} />);
    await user.click(screen.getByRole('textbox', { name: 'Amount Received' }));
    await user.keyboard('20+{F9}');
    expect((screen.getByRole('textbox', { name: 'Amount Received' }) as HTMLInputElement).value).toBe('20+');
    expect(commands).toEqual([]);
    await user.keyboard('{Escape}');
    expect(commands).toEqual([{ type: 'leaveField' }]);
    screen.getByRole('button', { name: 'Complete Sale' }).focus();
    await user.keyboard(' ');
    expect((screen.getByRole('textbox', { name: 'Search products' }) as HTMLInputElement).value).toBe('');
  });

  it('F9 completes the sale from the search box right after a scan; + steps the last line', async () => {
    const user = userEvent.setup();
    const commands: TerminalCommand[] = [];
    render(<Terminal commands={commands} />);
    await user.click(screen.getByRole('textbox', { name: 'Search products' }));
    await user.keyboard('{F9}+');
    expect(commands).toEqual([{ type: 'completeSale' }, { type: 'step', delta: 1 }]);
  });

  it('in a dialog a single key acts once it is clearly not the start of a scan', async () => {
    vi.useFakeTimers();
    const commands: TerminalCommand[] = [];
    render(<Terminal mode="size" commands={commands} />);
    const press = (k: string) =>
      act(() => {
        window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
      });
    press('4');
    expect(commands).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(BURST_GAP_MS + 1));
    expect(commands).toEqual([{ type: 'pickSize', index: 3 }]);
  });

  it('a scan into an open dialog arrives whole: its digits pick no size and its Enter presses nothing', async () => {
    vi.useFakeTimers();
    const commands: TerminalCommand[] = [];
    const scans: string[] = [];
    render(<Terminal mode="size" commands={commands} scans={scans} />);
    const button = screen.getByRole('button', { name: 'Complete Sale' });
    const clicked = vi.fn();
    button.addEventListener('click', clicked);
    button.focus();
    const events: KeyboardEvent[] = [];
    for (const k of [...'4006381333931', 'Enter']) {
      const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true });
      events.push(event);
      act(() => {
        button.dispatchEvent(event);
      });
      await act(() => vi.advanceTimersByTimeAsync(8));
    }
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(scans).toEqual(['4006381333931']);
    expect(commands).toEqual([]);
    expect(events.every((event) => event.defaultPrevented)).toBe(true);
  });

  it('in Transaction Complete a scan starting with S or P neither skips nor prints', async () => {
    vi.useFakeTimers();
    const commands: TerminalCommand[] = [];
    const scans: string[] = [];
    render(<Terminal mode="complete" commands={commands} scans={scans} />);
    for (const k of [...'SNK-CHIP-01', 'Enter']) {
      act(() => {
        window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
      });
      await act(() => vi.advanceTimersByTimeAsync(10));
    }
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(scans).toEqual(['SNK-CHIP-01']);
    expect(commands).toEqual([]);
  });
});
