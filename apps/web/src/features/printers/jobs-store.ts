import type { PrintJob } from '@retail-hub/shared';

/**
 * The print jobs this till sent and is still following (issue #36 item 3): the till shows each until
 * it has printed, with Retry and Print elsewhere when it waits, failed or its outcome is unknown.
 */
export type TrackedJob = { id: string; label: string; job: PrintJob };

let tracked: TrackedJob[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function trackJob(job: PrintJob, label: string): PrintJob {
  if (!tracked.some((t) => t.id === job.id)) tracked = [...tracked, { id: job.id, label, job }];
  emit();
  return job;
}

/** How long a printed job stays on the till ("Printed") before it goes. */
const PRINTED_SHOWN_MS = 4000;
const leaving = new Set<string>();

export function updateTrackedJob(job: PrintJob): void {
  const current = tracked.find((t) => t.id === job.id);
  if (!current) return;
  if (current.job.status !== job.status || current.job.attempts !== job.attempts) {
    tracked = tracked.map((t) => (t.id === job.id ? { ...t, job } : t));
    emit();
  }
  if (job.status === 'printed' && !leaving.has(job.id)) {
    leaving.add(job.id);
    setTimeout(() => {
      leaving.delete(job.id);
      forgetJob(job.id);
    }, PRINTED_SHOWN_MS);
  }
}

export function forgetJob(id: string): void {
  tracked = tracked.filter((t) => t.id !== id);
  emit();
}

export function trackedJobs(): TrackedJob[] {
  return tracked;
}

export function subscribeJobs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
