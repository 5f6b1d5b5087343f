import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/** spec §3 departments (POS side), managed on /departments. */
export const departments = pgTable(
  'departments',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull().unique('departments_name_unique'),
    description: text('description'),
    managerId: uuid('manager_id').references(() => users.id, { onDelete: 'set null' }),
    /** spec §2 Department Management "Building/Location". */
    building: varchar('building', { length: 255 }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Names are unique ignoring letter case (the service answers 409): the database holds the rule
    // even for two saves at the same moment.
    uniqueIndex('departments_name_lower_unique').on(sql`lower(${t.name})`),
  ],
);
