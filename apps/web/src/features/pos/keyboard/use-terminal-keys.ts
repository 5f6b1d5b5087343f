import { type Dispatch, type RefObject, type SetStateAction, useEffect, useRef } from 'react';
import { commandFor, type KeyTarget, type TerminalCommand, type TerminalMode } from './shortcuts';

/**
 * A keyboard-wedge scanner sends a code as a burst: each key within a few milliseconds of the last
 * (typically 5–30 ms), then Enter. A person's keys are further apart. A key within this gap of
 * the previous one belongs to a scan.
 */
export const BURST_GAP_MS = 50;

const TEXT_INPUT_TYPES = new Set(['', 'text', 'search', 'number', 'tel', 'email', 'url', 'password']);

/** Where a key was pressed (see shortcuts.ts): the search box, a field being typed in, or elsewhere. */
export function keyTarget(target: EventTarget | null, search: HTMLInputElement | null): KeyTarget {
  if (!(target instanceof HTMLElement)) return 'other';
  if (search && target === search) return search.value === '' ? 'search-empty' : 'search';
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) {
    return 'typing';
  }
  if (target instanceof HTMLInputElement) {
    return TEXT_INPUT_TYPES.has(target.type) && !target.readOnly && !target.disabled ? 'typing' : 'other';
  }
  return 'other';
}

function isPrintable(event: KeyboardEvent): boolean {
  return event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
}

type TerminalKeysOptions = {
  /** The terminal's mode now (read on every key, so it is never stale). */
  mode: () => TerminalMode;
  searchInput: RefObject<HTMLInputElement | null>;
  setSearch: Dispatch<SetStateAction<string>>;
  onCommand: (command: TerminalCommand) => void;
  /** A whole scan (code without its Enter) that arrived while a dialog was open. */
  onScan: (code: string) => void;
};

/**
 * The terminal's one keyboard listener (issue #22):
 * - selling (no dialog): the shortcuts of shortcuts.ts, and any other printable key typed outside
 *   a field goes to the search box, because a scanner types wherever the focus is;
 * - in 'Choose Size', 'Transaction Complete' and the legend: single keys (1–4, P, S) act once it
 *   is clear they are not the start of a scan; a scan (a burst of keys and Enter) is handed to
 *   `onScan` whole, so its letters never pick a size or print, and its Enter never presses the
 *   focused button.
 */
export function useTerminalKeys(options: TerminalKeysOptions): void {
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const burst = {
      text: '',
      at: Number.NEGATIVE_INFINITY,
      timer: undefined as ReturnType<typeof setTimeout> | undefined,
    };
    const cancelPending = () => {
      if (burst.timer !== undefined) clearTimeout(burst.timer);
      burst.timer = undefined;
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const { mode: readMode, searchInput, setSearch, onCommand, onScan } = latest.current;
      const mode = readMode();
      if (mode === 'busy') return;
      const search = searchInput.current;
      const target = keyTarget(event.target, search);
      const now = performance.now();

      if (mode !== 'sale') {
        if (target === 'typing') return;
        if (isPrintable(event)) {
          // The key is the terminal's: it never types into or presses what has focus in the dialog.
          event.preventDefault();
          event.stopPropagation();
          if (burst.text && now - burst.at <= BURST_GAP_MS) {
            burst.text += event.key;
            cancelPending();
          } else {
            cancelPending();
            burst.text = event.key;
            const command = commandFor(event, mode, target);
            if (command) {
              burst.timer = setTimeout(() => {
                burst.timer = undefined;
                burst.text = '';
                latest.current.onCommand(command);
              }, BURST_GAP_MS);
            }
          }
          burst.at = now;
          return;
        }
        if (event.key === 'Enter' && burst.text.length > 1 && now - burst.at <= BURST_GAP_MS) {
          event.preventDefault();
          event.stopPropagation();
          cancelPending();
          const code = burst.text;
          burst.text = '';
          onScan(code);
          return;
        }
        burst.text = '';
        return;
      }

      burst.text = '';
      cancelPending();
      const command = commandFor(event, mode, target);
      if (command) {
        event.preventDefault();
        onCommand(command);
        return;
      }
      // A scanner types wherever the focus is: a stray key outside a field starts a search.
      if (target === 'other' && isPrintable(event) && search) {
        event.preventDefault();
        search.focus();
        setSearch((value) => value + event.key);
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      cancelPending();
      window.removeEventListener('keydown', onKeyDown, true);
    };
  }, []);
}
