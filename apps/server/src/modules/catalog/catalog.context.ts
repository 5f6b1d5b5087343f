import type { Role } from '@retail-hub/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../events/index';

/** What the catalogue's services need from the app: the database and the live-update bus. */
export type CatalogDeps = { database: { db: Db; kind: 'pglite' | 'postgres' }; events: EventBus };

/** Who is asking: the role decides whether institutional fields are honoured (spec §6). */
export type Actor = { id: string; role: Role };

/** FK violation: 23503 on PostgreSQL, 23001 on PGlite (see lib/db-errors). */
export const FK_VIOLATION = new Set(['23503', '23001']);
export const UNIQUE_VIOLATION = '23505';
