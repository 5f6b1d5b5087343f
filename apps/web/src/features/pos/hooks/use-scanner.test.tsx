import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useScannerKeystrokes } from './use-scanner';

/** The terminal's search box and one other field, with the scanner hook on. */
function Terminal({ dialog = false }: { dialog?: boolean }) {
  const [search, setSearch] = useState('');
  const searchInput = useRef<HTMLInputElement | null>(null);
  useScannerKeystrokes(searchInput, setSearch);
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
      {dialog && <div role="dialog" aria-label="Choose Size" />}
    </div>
  );
}

describe('the keyboard-wedge scanner at the terminal', () => {
  it('keystrokes typed with no field focused go to the search box', async () => {
    const user = userEvent.setup();
    render(<Terminal />);
    await user.keyboard('SNK-CHIP-01');
    const search = screen.getByRole('textbox', { name: 'Search products' });
    expect((search as HTMLInputElement).value).toBe('SNK-CHIP-01');
    expect(document.activeElement).toBe(search);
  });

  it('leaves typing in another field, space on a button and an open dialog alone', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Terminal />);
    await user.click(screen.getByRole('textbox', { name: 'Amount Received' }));
    await user.keyboard('20');
    expect((screen.getByRole('textbox', { name: 'Amount Received' }) as HTMLInputElement).value).toBe('20');
    screen.getByRole('button', { name: 'Complete Sale' }).focus();
    await user.keyboard(' ');
    rerender(<Terminal dialog />);
    screen.getByRole('button', { name: 'Complete Sale' }).focus();
    await user.keyboard('abc');
    expect((screen.getByRole('textbox', { name: 'Search products' }) as HTMLInputElement).value).toBe('');
  });
});
