import { JOB_ATTACHMENT_MESSAGES, JOB_STATE_LABELS, JOBS_MESSAGES, type JobState } from '@retail-hub/shared';
import { AppError } from '../../lib/errors';

const field = (status: number, code: string, name: string, message: string) =>
  new AppError(status, code, message, { errors: { [name]: message } });

/** Workshop jobs' typed errors (codes `jobs.*`), each with a message safe to show. */
export const jobsErrors = {
  clientNotFound: () => new AppError(404, 'jobs.client_not_found', 'Client not found.'),
  jobNotFound: () => new AppError(404, 'jobs.job_not_found', 'Job not found.'),
  quoteNotFound: () => new AppError(404, 'jobs.quote_not_found', 'Quote not found.'),
  bomLineNotFound: () => new AppError(404, 'jobs.bom_line_not_found', 'Bill of materials line not found.'),
  attachmentNotFound: () => new AppError(404, 'jobs.attachment_not_found', 'Attachment not found.'),
  attachmentType: () => field(400, 'jobs.attachment_type', 'data', JOB_ATTACHMENT_MESSAGES.badType),
  attachmentInvalid: () => field(400, 'validation', 'data', JOB_ATTACHMENT_MESSAGES.invalid),
  attachmentTooLarge: () => field(400, 'validation', 'data', JOB_ATTACHMENT_MESSAGES.tooLarge),
  attachmentsFull: () => new AppError(409, 'jobs.attachments_full', JOB_ATTACHMENT_MESSAGES.full),
  stepNotFound: () => new AppError(404, 'jobs.step_not_found', 'Step not found.'),
  clientRef: () => field(400, 'jobs.client_not_found', 'clientId', 'Client not found'),
  clientArchived: () => field(400, 'jobs.client_archived', 'clientId', 'This client is archived'),
  departmentRef: () => field(400, 'jobs.department_not_found', 'departmentId', 'Department not found'),
  notYourDepartment: () =>
    field(403, 'jobs.not_your_department', 'departmentId', 'You can run jobs only for your own department'),
  itemRef: () => field(400, 'jobs.item_not_found', 'itemId', 'Item not found'),
  locationRef: () => field(400, 'jobs.location_not_found', 'locationId', 'Location not found'),
  userRef: () => field(400, 'jobs.user_not_found', 'assignedTo', 'User not found'),
  clientNameTaken: () => field(409, 'jobs.client_name_taken', 'name', 'A client with this name already exists'),
  badMove: (from: JobState, to: JobState) =>
    new AppError(
      409,
      'jobs.transition_not_allowed',
      `A job that is ${JOB_STATE_LABELS[from]} cannot be moved to ${JOB_STATE_LABELS[to]}.`,
    ),
  moveByAction: (to: JobState) =>
    new AppError(
      409,
      'jobs.transition_by_action',
      to === 'quoted'
        ? 'Send a quote to move the job to Quoted.'
        : to === 'approved'
          ? 'Accept a quote to approve the job.'
          : 'Record the delivery to deliver the job.',
    ),
  bomNotIssued: () =>
    new AppError(
      409,
      'jobs.bom_not_issued',
      'The bill of materials is not fully issued: issue the materials, or a manager may waive this with a note.',
    ),
  waiveForbidden: () => new AppError(403, 'jobs.waive_forbidden', 'Only a manager can waive the materials rule.'),
  waiverNote: () => field(400, 'validation', 'note', 'A note is required to waive the materials'),
  stepsOpen: () =>
    new AppError(409, 'jobs.steps_open', 'Every step must be completed or skipped before the job goes to QA.'),
  jobClosed: (status: JobState) =>
    new AppError(409, 'jobs.job_closed', `This job is ${JOB_STATE_LABELS[status]}: it can no longer be changed.`),
  jobState: (status: JobState, action: string) =>
    new AppError(409, 'jobs.job_state', `A job that is ${JOB_STATE_LABELS[status]} cannot ${action}.`),
  quoteState: (status: string, action: string) =>
    new AppError(409, 'jobs.quote_state', `A ${status} quote cannot be ${action}.`),
  quoteExpired: (validUntil: string) =>
    new AppError(409, 'jobs.quote_expired', `This quote was valid until ${validUntil}: make a new version.`),
  quoteEmpty: () =>
    new AppError(409, 'jobs.quote_empty', 'Add materials or steps with planned hours before quoting the job.'),
  amountTooLarge: () => new AppError(400, 'validation', 'The amount is too large'),
  overReturn: (qty: string) =>
    field(409, 'jobs.over_return', 'qty', `Only ${qty} of this item is out on this job and can be returned`),
  stepInUse: () => new AppError(409, 'jobs.step_in_use', 'A step that has started cannot be removed.'),
  bomBelowIssued: (qty: string) =>
    field(
      409,
      'jobs.bom_below_issued',
      'qtyRequired',
      `${qty} of this item is already issued to the job: the quantity cannot be lower`,
    ),
  stepHoursFixed: () => field(409, 'jobs.step_completed', 'actualHours', 'A completed step keeps its actual hours'),
  stepHoursRequired: () => field(400, 'validation', 'actualHours', JOBS_MESSAGES.stepHoursRequired),
  hoursReasonRequired: () => field(400, 'validation', 'hoursReason', JOBS_MESSAGES.hoursReasonRequired),
  headerFixed: (name: 'clientId' | 'departmentId', status: JobState) =>
    field(
      409,
      'jobs.job_state',
      name,
      `The ${name === 'clientId' ? 'client' : 'department'} cannot change once the job is ${JOB_STATE_LABELS[status]}`,
    ),
  bomIssued: () =>
    new AppError(409, 'jobs.bom_issued', 'Material of this line has been issued: return it before removing the line.'),
};
