import { sql } from 'drizzle-orm';

/**
 * Workshop jobs' SQL (issue #18), in one file per part of a job (clients, jobs, plan, quotes,
 * materials, attachments). Every state change is one conditional UPDATE (… where status = the
 * state the caller saw … returning), and the job row is locked (select … for update) by every
 * change of its quotes, BOM, steps and materials, so version numbers, step numbers and the
 * quantity out on a job cannot race. What those files share is here.
 */

export const NO_ID = '00000000-0000-0000-0000-000000000000';
export const likeOf = (search: string) => `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
export const userName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.email)`);
