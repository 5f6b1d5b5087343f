/**
 * Issue #35 item 1 (docs/adr/0035): one home for "a product's modifier groups": its own list
 * (product_modifier_groups), else its category's (category_modifier_groups), with their active
 * options, in the till's order, as JSON (`[]` when none). `p` is the products row in scope. The
 * sale's pricing statement (pos sale-write.repository) and the catalogue's product JSON use it.
 */
export const MODIFIER_GROUPS_OF_PRODUCT = `(select coalesce(json_agg(json_build_object(
       'id', g.id, 'name', g.name, 'minChoices', g.min_choices, 'maxChoices', g.max_choices,
       'options', (select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'price', o.price::text)
                                            order by o.sort_order, o.id), '[]'::json)
                     from modifier_options o where o.group_id = g.id and o.is_active))
       order by a.sort_order, g.id), '[]'::json)
     from (select pg.group_id, pg.sort_order from product_modifier_groups pg where pg.product_id = p.id
           union all
           select cg.group_id, cg.sort_order from category_modifier_groups cg
            where cg.category_id = p.category_id
              and not exists (select 1 from product_modifier_groups pg2 where pg2.product_id = p.id)) a
     join modifier_groups g on g.id = a.group_id)`;

/** Whether the product `p` has any modifier group (its own or its category's): two index probes. */
export const HAS_MODIFIER_GROUPS = `(exists (select 1 from product_modifier_groups pg where pg.product_id = p.id)
     or exists (select 1 from category_modifier_groups cg where cg.category_id = p.category_id))`;
