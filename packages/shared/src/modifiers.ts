import { z } from 'zod';
import { type Cents, parseCents } from './money';
import { moneyStringSchema } from './pos';

/**
 * Issue #35 item 1 (docs/adr/0035): modifiers, the café's add-ons (Milk: Oat +0.60; Extras: Extra
 * shot +0.80). A group says how many of its options a line must (minChoices) and may (maxChoices)
 * choose; a product's groups are its own, else its category's. A sale line names the options it
 * carries (`modifiers: [{ optionId }]`); its unit price is its size's price plus the options'.
 * One rule (checkModifierChoice) serves the till's dialog and the server, which prices and refuses.
 */

export const MODIFIER_LIMITS = { groupsPerProduct: 10, optionsPerGroup: 20, choicesPerLine: 20 } as const;

export const MODIFIER_MESSAGES = {
  unknownOption: 'Unknown modifier option',
  duplicate: 'A modifier option can be chosen only once',
  minAboveMax: 'The minimum cannot be above the maximum',
  nameTaken: 'A modifier group with this name already exists',
  optionNameTaken: 'Two options of a group cannot have the same name',
  atLeast: (min: number, group: string) => `Choose at least ${min} from ${group}`,
  atMost: (max: number, group: string) => `Choose at most ${max} from ${group}`,
} as const;

const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(100, { error: 'Name cannot be longer than 100 characters' });

export const modifierOptionInputSchema = z.object({
  /** An existing option's id (kept, renamed or re-priced); none: a new option. */
  id: z.uuid({ error: 'Unknown modifier option' }).optional(),
  name: nameSchema,
  price: moneyStringSchema,
});

const choices = (what: string, min: number) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int({ error: `${what} must be a whole number` })
    .min(min, { error: `${what} must be at least ${min}` })
    .max(MODIFIER_LIMITS.optionsPerGroup, { error: `${what} cannot exceed ${MODIFIER_LIMITS.optionsPerGroup}` });

const optionsSchema = z
  .array(modifierOptionInputSchema, { error: 'Add at least one option' })
  .min(1, { error: 'Add at least one option' })
  .max(MODIFIER_LIMITS.optionsPerGroup, {
    error: `A group can have at most ${MODIFIER_LIMITS.optionsPerGroup} options`,
  })
  .superRefine((options, ctx) => {
    const seen = new Set<string>();
    options.forEach((o, i) => {
      const key = o.name.trim().toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: MODIFIER_MESSAGES.optionNameTaken });
      seen.add(key);
    });
  });

const groupFields = {
  name: nameSchema,
  minChoices: choices('Minimum', 0),
  maxChoices: choices('Maximum', 1),
  options: optionsSchema,
};

/** POST /api/modifier-groups. */
export const modifierGroupCreateSchema = z.object(groupFields).superRefine((g, ctx) => {
  if (g.minChoices > g.maxChoices)
    ctx.addIssue({ code: 'custom', path: ['minChoices'], message: MODIFIER_MESSAGES.minAboveMax });
});
export type ModifierGroupCreate = z.infer<typeof modifierGroupCreateSchema>;

/** PATCH /api/modifier-groups/:id: any of the fields; `options` replaces the list (options with an id are kept). */
export const modifierGroupPatchSchema = z.object(groupFields).partial();
export type ModifierGroupPatch = z.infer<typeof modifierGroupPatchSchema>;

/** PUT /api/products/:id/modifier-groups (and /api/categories/:id/modifier-groups): in the till's order. */
export const modifierGroupIdsSchema = z.object({
  groupIds: z
    .array(z.uuid({ error: 'Unknown modifier group' }), { error: 'groupIds must be a list' })
    .max(MODIFIER_LIMITS.groupsPerProduct, {
      error: `A product can have at most ${MODIFIER_LIMITS.groupsPerProduct} modifier groups`,
    })
    .refine((ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length, {
      error: 'A modifier group can be attached only once',
    }),
});
export type ModifierGroupIds = z.infer<typeof modifierGroupIdsSchema>;

export const modifierOptionSchema = z.object({ id: z.string(), name: z.string(), price: z.string() });
export type ModifierOption = z.infer<typeof modifierOptionSchema>;

export const modifierGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  minChoices: z.number().int(),
  maxChoices: z.number().int(),
  options: z.array(modifierOptionSchema),
});
export type ModifierGroup = z.infer<typeof modifierGroupSchema>;

/** A modifier as a sale line carries it once priced (stored with the line, shown on receipts). */
export const chosenModifierSchema = z.object({
  optionId: z.string(),
  groupName: z.string(),
  name: z.string(),
  price: z.string(),
});
export type ChosenModifier = z.infer<typeof chosenModifierSchema>;

export type ModifierChoice =
  | { ok: true; cents: Cents; chosen: Array<{ optionId: string; groupName: string; name: string; cents: Cents }> }
  | { ok: false; message: string };

/**
 * The one rule for a line's modifiers: every option must belong to one of the product's groups,
 * none twice, and each group's count must lie within its min and max (a group the line names
 * nothing from still needs its minimum). `cents` is the options' sum, added to the size's price.
 * The chosen options come back in the groups' order, then the options' order, so the same choice
 * prices and stores the same whatever order it was sent in.
 */
export function checkModifierChoice(groups: readonly ModifierGroup[], optionIds: readonly string[]): ModifierChoice {
  const wanted = optionIds.map((id) => id.toLowerCase());
  if (new Set(wanted).size !== wanted.length) return { ok: false, message: MODIFIER_MESSAGES.duplicate };
  const known = new Set(groups.flatMap((g) => g.options.map((o) => o.id.toLowerCase())));
  if (wanted.some((id) => !known.has(id))) return { ok: false, message: MODIFIER_MESSAGES.unknownOption };
  const picked = new Set(wanted);
  const chosen: Array<{ optionId: string; groupName: string; name: string; cents: Cents }> = [];
  let cents = 0;
  for (const group of groups) {
    const inGroup = group.options.filter((o) => picked.has(o.id.toLowerCase()));
    if (inGroup.length < group.minChoices)
      return { ok: false, message: MODIFIER_MESSAGES.atLeast(group.minChoices, group.name) };
    if (inGroup.length > group.maxChoices)
      return { ok: false, message: MODIFIER_MESSAGES.atMost(group.maxChoices, group.name) };
    for (const o of inGroup) {
      const price = parseCents(o.price) ?? 0;
      cents += price;
      chosen.push({ optionId: o.id, groupName: group.name, name: o.name, cents: price as Cents });
    }
  }
  return { ok: true, cents: cents as Cents, chosen };
}

/** The key two cart lines merge on: the same options, whatever order they were chosen in. */
export function modifiersKey(modifiers: ReadonlyArray<{ optionId: string }> | null | undefined): string {
  if (!modifiers || modifiers.length === 0) return '';
  return modifiers
    .map((m) => m.optionId.toLowerCase())
    .sort()
    .join(',');
}

/** "Oat, Extra shot": how a line's modifiers read on a cart line, a receipt and a ticket. */
export function modifiersLabel(modifiers: ReadonlyArray<{ name: string }> | null | undefined): string {
  return (modifiers ?? []).map((m) => m.name).join(', ');
}
