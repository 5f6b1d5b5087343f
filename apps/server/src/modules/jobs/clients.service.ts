import type { Client, ClientBody } from '@retail-hub/shared';
import {
  type ClientRow,
  clientNameTaken,
  clientRows,
  insertClient,
  setClientArchivedRow,
  updateClientRow,
} from './clients.repository';
import { jobsErrors as errors } from './jobs.errors';
import type { JobsDeps } from './jobs.shared';

const toClient = (r: ClientRow): Client => ({
  id: r.id,
  name: r.name,
  contactName: r.contact_name,
  phone: r.phone,
  email: r.email,
  address: r.address,
  notes: r.notes,
  isInternal: r.is_internal,
  isArchived: r.is_archived,
  openJobs: Number(r.open_jobs),
  totalJobs: Number(r.total_jobs),
});

export async function listClients(
  deps: JobsDeps,
  query: { search?: string | undefined; status: 'active' | 'archived' | 'all' },
): Promise<Client[]> {
  return (await clientRows(deps.database.db, query)).map(toClient);
}

export async function getClient(deps: JobsDeps, id: string): Promise<Client> {
  const [client] = await clientRows(deps.database.db, { id });
  if (!client) throw errors.clientNotFound();
  return toClient(client);
}

export async function createClient(deps: JobsDeps, body: ClientBody): Promise<Client> {
  const { db } = deps.database;
  if (await clientNameTaken(db, body.name, null)) throw errors.clientNameTaken();
  return getClient(deps, await insertClient(db, body));
}

export async function updateClient(deps: JobsDeps, id: string, body: ClientBody): Promise<Client> {
  const { db } = deps.database;
  if (await clientNameTaken(db, body.name, id)) throw errors.clientNameTaken();
  if (!(await updateClientRow(db, id, body))) throw errors.clientNotFound();
  return getClient(deps, id);
}

export async function setClientArchived(deps: JobsDeps, id: string, archived: boolean): Promise<Client> {
  if (!(await setClientArchivedRow(deps.database.db, id, archived))) throw errors.clientNotFound();
  return getClient(deps, id);
}
