/**
 * What the job page's cards share (issue #33 item 4): the mutation they post through, the date
 * format, the server's rules for what may be edited (the server decides again), the card frame,
 * the read-only note and the form parts every card repeats.
 */
import { Button, Card, Group, NumberInput, type NumberInputProps, Text, Title } from '@mantine/core';
import { JOB_STATE_LABELS, type JobDetail } from '@retail-hub/shared';
import { format } from 'date-fns';
import type { ChangeEvent, Dispatch, ReactNode, Ref, SetStateAction } from 'react';
import type { useJobsAction } from '../api';

export type Action = ReturnType<typeof useJobsAction>;
export const when = (iso: string) => format(new Date(iso), 'yyyy-MM-dd HH:mm');

/** The server's rules, for showing what may be edited (the server decides again). */
export const isClosed = (job: JobDetail) => job.status === 'delivered' || job.status === 'cancelled';
export const isPlanning = (job: JobDetail) => ['draft', 'quoted', 'approved', 'in_progress'].includes(job.status);
/** Materials are issued and steps worked while the job is in these states. */
export const isWorking = (job: JobDetail) => ['approved', 'in_progress', 'qa'].includes(job.status);

/** Why the bill of materials and the steps cannot change now, or null when they can. */
export function planFrozenReason(job: JobDetail, what: string): string | null {
  if (isClosed(job)) return null; // the page says so at the top
  if (isPlanning(job)) return null;
  return `The ${what} cannot change once the job is ${JOB_STATE_LABELS[job.status]}.`;
}

export function ReadOnlyNote({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" mt="sm" data-testid="read-only-reason">
      {children}
    </Text>
  );
}

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Hours worked or planned: 0 to 999.99, two decimals (the server's rule). */
export function HoursInput(props: NumberInputProps & { ref?: Ref<HTMLInputElement> }) {
  return <NumberInput min={0} max={999.99} decimalScale={2} {...props} />;
}

/** An onChange for a text box that sets one field of a form's state. */
export function textField<T, K extends keyof T>(set: Dispatch<SetStateAction<T>>, key: K) {
  return (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = e.currentTarget.value as T[K];
    set((f) => ({ ...f, [key]: value }));
  };
}

/** Hours as the API takes them: a blank box is 0. */
export const hoursBody = (value: string | number) => String(value === '' ? 0 : value);

/** A dialog's two buttons: leave it, or send one request and close the dialog when it succeeds. */
export function DialogActions({
  action,
  request,
  label,
  onClose,
  cancelLabel = 'Close',
  onCancel = onClose,
}: {
  action: Action;
  request: () => Parameters<Action['mutate']>[0];
  label: string;
  onClose: () => void;
  cancelLabel?: string;
  onCancel?: () => void;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button loading={action.isPending} onClick={() => action.mutate(request(), { onSuccess: onClose })}>
        {label}
      </Button>
    </Group>
  );
}
