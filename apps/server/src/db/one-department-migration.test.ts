import { describe, expect, test } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate';
import { migrate, migrationDatabases, rows, script } from './migration-test-support';

/**
 * Issue #33 item 1 / ADR 0027: migration 0029 folds the POS-side `departments` into
 * `proc_departments`. A database of the previous version (up to 0028) with departments on both
 * sides, a same-name pair among them, and rows pointing at both, upgrades to one table: the pair is
 * one row with both sets of fields, every other department is kept with its id, and every
 * reference points at the one row.
 */

const databases = migrationDatabases();
const PREVIOUS = 28;

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const MANAGER = id(1);
const REQUESTER = id(2);
const CATEGORY = id(10);
// procurement side
const SCI = id(101);
const ENG = id(102);
const MUSIC_DEPT = id(103);
const CHEM = id(104);
// POS side
const POS_SCIENCE = id(201);
const POS_ENGINEERING = id(202);
const POS_MUSIC = id(203);
const POS_ARTS = id(204);
const POS_SYMBOL = id(205);

type Row = {
  id: string;
  code: string;
  name: string;
  description: string | null;
  parent_id: string | null;
  is_archived: boolean;
  approval_threshold: string;
  labour_rate: string;
  manager_id: string | null;
  building: string | null;
};

describe('migration 0029 (one department table)', () => {
  test('merges same-name departments, copies the rest with a code, re-points every reference', async () => {
    const database = await databases.at(PREVIOUS);
    await script(
      database,
      `insert into users (id, email, first_name, role) values
         ('${MANAGER}', 'mia@example.test', 'Mia', 'manager'),
         ('${REQUESTER}', 'rae@example.test', 'Rae', 'department_manager');
       insert into proc_departments (id, code, name, description, is_archived, approval_threshold, labour_rate) values
         ('${SCI}', 'SCI', 'Science', 'Labs and prep rooms', false, '2500.00', '30.00'),
         ('${ENG}', 'ENG', 'Engineering', null, true, '8000.00', '45.50'),
         ('${MUSIC_DEPT}', 'MUSIC', 'Music Dept', null, false, '5000.00', '0.00');
       insert into proc_departments (id, code, name, parent_id) values ('${CHEM}', 'CHEM', 'Chemistry', '${SCI}');
       insert into departments (id, name, description, manager_id, building, is_active) values
         ('${POS_SCIENCE}', 'SCIENCE', 'Second floor', '${MANAGER}', 'B', true),
         ('${POS_ENGINEERING}', 'engineering', 'Workshops', null, 'Annex', true),
         ('${POS_MUSIC}', 'Music', 'Band room', null, 'North', false),
         ('${POS_ARTS}', 'Arts & Crafts', null, '${MANAGER}', null, true),
         ('${POS_SYMBOL}', '(Ω)', null, null, null, true);
       update users set proc_department_id = '${SCI}' where id = '${REQUESTER}';
       insert into categories (id, name) values ('${CATEGORY}', 'Lab kit');
       insert into products (id, name, price, sku, category_id, department_id) values
         ('${id(301)}', 'Goggles', '4.00', 'GOG', '${CATEGORY}', '${POS_SCIENCE}'),
         ('${id(302)}', 'Soldering iron', '20.00', 'SOL', '${CATEGORY}', '${POS_ENGINEERING}'),
         ('${id(303)}', 'Drumsticks', '9.00', 'DRUM', '${CATEGORY}', '${POS_MUSIC}'),
         ('${id(304)}', 'Pencils', '1.00', 'PEN', '${CATEGORY}', null);
       insert into proc_locations (id, code, name, department_id) values ('${id(401)}', 'LAB1', 'Lab 1', '${SCI}');
       insert into proc_requisitions (id, requester_id, department_id) values ('${id(501)}', '${REQUESTER}', '${SCI}');`,
    );
    const before = await rows<{ n: number }>(
      database,
      `select (select count(*) from products)::int + (select count(*) from proc_locations)::int
            + (select count(*) from proc_requisitions)::int + (select count(*) from users)::int as n`,
    );

    await migrate(database, MIGRATIONS_FOLDER);

    expect(await rows(database, `select to_regclass('departments') is null as gone`)).toEqual([{ gone: true }]);
    const departments = await rows<Row>(
      database,
      `select id, code, name, description, parent_id, is_archived, approval_threshold::text, labour_rate::text,
              manager_id, building
         from proc_departments order by code`,
    );
    const dept = (over: Partial<Row> & Pick<Row, 'id' | 'code' | 'name'>): Row => ({
      description: null,
      parent_id: null,
      is_archived: false,
      approval_threshold: '5000.00',
      labour_rate: '0.00',
      manager_id: null,
      building: null,
      ...over,
    });
    expect(departments).toEqual([
      dept({ id: POS_ARTS, code: 'ARTS_CRAFTS', name: 'Arts & Crafts', manager_id: MANAGER }),
      dept({ id: CHEM, code: 'CHEM', name: 'Chemistry', parent_id: SCI }),
      dept({ id: POS_SYMBOL, code: 'DEPT', name: '(Ω)' }),
      // The same-name pair: the procurement row's id, code, threshold and rate, the POS row's
      // building (and description, since it had none); active because the POS side was.
      dept({
        id: ENG,
        code: 'ENG',
        name: 'Engineering',
        description: 'Workshops',
        approval_threshold: '8000.00',
        labour_rate: '45.50',
        building: 'Annex',
      }),
      dept({ id: MUSIC_DEPT, code: 'MUSIC', name: 'Music Dept' }),
      // "MUSIC" is taken by Music Dept: the POS Music gets the next free code; inactive → archived.
      dept({
        id: POS_MUSIC,
        code: 'MUSIC-2',
        name: 'Music',
        description: 'Band room',
        is_archived: true,
        building: 'North',
      }),
      // Both descriptions kept, the procurement name and the POS manager and building.
      dept({
        id: SCI,
        code: 'SCI',
        name: 'Science',
        description: 'Labs and prep rooms\nSecond floor',
        approval_threshold: '2500.00',
        labour_rate: '30.00',
        manager_id: MANAGER,
        building: 'B',
      }),
    ]);

    // Every reference points at the one row; nothing referring to a department was lost.
    expect(await rows(database, `select sku, department_id from products order by sku`)).toEqual([
      { sku: 'DRUM', department_id: POS_MUSIC },
      { sku: 'GOG', department_id: SCI },
      { sku: 'PEN', department_id: null },
      { sku: 'SOL', department_id: ENG },
    ]);
    expect(await rows(database, `select department_id from proc_locations where code = 'LAB1'`)).toEqual([
      { department_id: SCI },
    ]);
    expect(await rows(database, `select department_id from proc_requisitions`)).toEqual([{ department_id: SCI }]);
    expect(await rows(database, `select proc_department_id from users where id = '${REQUESTER}'`)).toEqual([
      { proc_department_id: SCI },
    ]);
    const after = await rows<{ n: number }>(
      database,
      `select (select count(*) from products)::int + (select count(*) from proc_locations)::int
            + (select count(*) from proc_requisitions)::int + (select count(*) from users)::int as n`,
    );
    expect(after).toEqual(before);

    // The constraints hold on the one table: products point at it, names stay unique ignoring case.
    await expect(
      script(database, `update products set department_id = '${id(999)}' where sku = 'PEN'`),
    ).rejects.toThrow();
    await expect(
      script(database, `insert into proc_departments (code, name) values ('SCI2', 'SCIENCE')`),
    ).rejects.toThrow();
  });
});
