import type { ModifierGroup } from '@retail-hub/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { MODIFIER_GROUPS_OF_PRODUCT } from './modifier-groups.sql';

const GROUP_JSON = `json_build_object('id', g.id, 'name', g.name, 'minChoices', g.min_choices, 'maxChoices', g.max_choices,
  'options', (select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'price', o.price::text)
                                       order by o.sort_order, o.id), '[]'::json)
                from modifier_options o where o.group_id = g.id and o.is_active))`;

export async function listModifierGroups(db: DbOrTx): Promise<ModifierGroup[]> {
  const found = await rows(
    db,
    sql.raw(`select ${GROUP_JSON} as g from modifier_groups g order by lower(g.name), g.id`),
  );
  return found.map((r) => parseJson(r.g) as ModifierGroup);
}

export async function findModifierGroup(db: DbOrTx, id: string): Promise<ModifierGroup | null> {
  const found = await rows(db, sql`select ${sql.raw(GROUP_JSON)} as g from modifier_groups g where g.id = ${id}::uuid`);
  return found[0] ? (parseJson(found[0].g) as ModifierGroup) : null;
}

export async function groupIdByName(db: DbOrTx, name: string, exceptId: string | null): Promise<string | null> {
  const found = await rows(
    db,
    sql`select id from modifier_groups where lower(name) = lower(${name})
          and (${exceptId}::uuid is null or id <> ${exceptId}::uuid) limit 1`,
  );
  return (found[0]?.id as string | undefined) ?? null;
}

export async function insertGroup(
  db: DbOrTx,
  group: { name: string; minChoices: number; maxChoices: number },
): Promise<string> {
  const found = await rows(
    db,
    sql`insert into modifier_groups (name, min_choices, max_choices)
        values (${group.name}, ${group.minChoices}, ${group.maxChoices}) returning id`,
  );
  return found[0]?.id as string;
}

export async function updateGroup(
  db: DbOrTx,
  id: string,
  group: { name?: string | undefined; minChoices?: number | undefined; maxChoices?: number | undefined },
): Promise<void> {
  await rows(
    db,
    sql`update modifier_groups
           set name = coalesce(${group.name ?? null}, name),
               min_choices = coalesce(${group.minChoices ?? null}::int, min_choices),
               max_choices = coalesce(${group.maxChoices ?? null}::int, max_choices),
               updated_at = now()
         where id = ${id}::uuid`,
  );
}

/** The group's option ids, active or not. */
export async function groupOptionIds(db: DbOrTx, groupId: string): Promise<Set<string>> {
  const found = await rows(db, sql`select id from modifier_options where group_id = ${groupId}::uuid`);
  return new Set(found.map((r) => String(r.id).toLowerCase()));
}

/**
 * Replaces the group's options: those sent with an id are updated (and active again), new ones are
 * inserted, the others are deactivated (kept: an offline sale made before still names them).
 */
export async function replaceOptions(
  db: DbOrTx,
  groupId: string,
  options: ReadonlyArray<{ id?: string | undefined; name: string; price: string }>,
): Promise<void> {
  const kept = options.filter((o) => o.id).map((o) => (o.id as string).toLowerCase());
  await rows(
    db,
    sql`update modifier_options set is_active = false
         where group_id = ${groupId}::uuid and not (id = any(${sql.param(kept)}::uuid[]))`,
  );
  for (const [index, o] of options.entries()) {
    if (o.id) {
      await rows(
        db,
        sql`update modifier_options set name = ${o.name}, price = ${o.price}::numeric, sort_order = ${index},
                   is_active = true
             where id = ${o.id}::uuid and group_id = ${groupId}::uuid`,
      );
    } else {
      await rows(
        db,
        sql`insert into modifier_options (group_id, name, price, sort_order)
            values (${groupId}::uuid, ${o.name}, ${o.price}::numeric, ${index})`,
      );
    }
  }
}

export async function existingGroupIds(db: DbOrTx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const found = await rows(
    db,
    sql`select count(*)::int as n from modifier_groups where id = any(${sql.param([...ids])}::uuid[])`,
  );
  return Number(found[0]?.n ?? 0);
}

/** Replaces a product's (or a category's) own list of groups, in the order given. */
export async function setAttachedGroups(
  db: DbOrTx,
  owner: { table: 'product' | 'category'; id: string },
  groupIds: readonly string[],
): Promise<void> {
  const [table, column] =
    owner.table === 'product' ? ['product_modifier_groups', 'product_id'] : ['category_modifier_groups', 'category_id'];
  await rows(db, sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${owner.id}::uuid`);
  if (groupIds.length === 0) return;
  await rows(
    db,
    sql`insert into ${sql.identifier(table)} (${sql.identifier(column)}, group_id, sort_order)
        select ${owner.id}::uuid, g.id, g.ord - 1
          from unnest(${sql.param([...groupIds])}::uuid[]) with ordinality as g(id, ord)`,
  );
}

/** The product's effective groups (its own, else its category's). */
export async function productModifierGroups(db: DbOrTx, productId: string): Promise<ModifierGroup[] | null> {
  const found = await rows(
    db,
    sql`select ${sql.raw(MODIFIER_GROUPS_OF_PRODUCT)} as groups from products p where p.id = ${productId}::uuid`,
  );
  if (!found[0]) return null;
  return parseJson(found[0].groups) as ModifierGroup[];
}

/** The ids of the products whose effective groups include the group (to evict their pricing). */
export async function productsUsingGroup(db: DbOrTx, groupId: string): Promise<string[]> {
  const found = await rows(
    db,
    sql`select pg.product_id as id from product_modifier_groups pg where pg.group_id = ${groupId}::uuid
        union
        select p.id from products p join category_modifier_groups cg on cg.category_id = p.category_id
         where cg.group_id = ${groupId}::uuid`,
  );
  return found.map((r) => r.id as string);
}

export async function categoryExists(db: DbOrTx, id: string): Promise<boolean> {
  const found = await rows(db, sql`select 1 from categories where id = ${id}::uuid`);
  return found.length > 0;
}

export async function categoryProductIds(db: DbOrTx, id: string): Promise<string[]> {
  const found = await rows(db, sql`select id from products where category_id = ${id}::uuid`);
  return found.map((r) => r.id as string);
}

function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
