import { notifications } from '@mantine/notifications';

/**
 * Toasts (spec §8 titles and texts). One shows at a time (app/provider.tsx: limit 1, 5 s).
 * A fixed `id` keeps a guard that renders twice (React StrictMode, re-renders) from queueing
 * the same toast twice.
 */
type Toast = {
  title: string;
  message: string;
  id?: string;
  /** Drop whatever is showing or queued first: the newest answer matters, not a backlog. */
  replace?: boolean;
};

function show({ title, message, id, replace }: Toast, color: 'red' | 'green'): void {
  if (replace) notifications.clean();
  notifications.show({ id, title, message, color, withBorder: true });
}

/** A destructive toast (red). */
export function notifyError(toast: Toast): void {
  show(toast, 'red');
}

export function notifySuccess(toast: Toast): void {
  show(toast, 'green');
}
