import { notifications } from '@mantine/notifications';

/**
 * Toasts (spec §8 titles and texts). One shows at a time for 5 s (spec §9, app/provider.tsx), and
 * the newest replaces whatever is showing or queued at once (issue #13 item 17): with a queue, a
 * cashier read 'Shift Started' only after a stale 'Empty Cart' had run its 5 s, and an old 'Out
 * of Stock' stayed up through the next sale. A fixed `id` keeps a guard that renders twice (React
 * StrictMode, re-renders) from showing the same toast twice.
 */
type Toast = {
  title: string;
  message: string;
  id?: string;
  /**
   * @deprecated Every toast replaces the one before it now; callers that still pass this change
   * nothing and can drop it.
   */
  replace?: boolean;
};

function show({ title, message, id }: Toast, color: 'red' | 'green'): void {
  notifications.clean();
  notifications.show({ id, title, message, color, withBorder: true });
}

/** A destructive toast (red). */
export function notifyError(toast: Toast): void {
  show(toast, 'red');
}

export function notifySuccess(toast: Toast): void {
  show(toast, 'green');
}
