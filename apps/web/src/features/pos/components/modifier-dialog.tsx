import { Alert, Button, Group, Kbd, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { type Cents, checkModifierChoice, formatMoney, type ModifierGroup, parseCents } from '@retail-hub/shared';
import { useEffect, useRef, useState } from 'react';
import type { CartModifier } from '../cart/cart-reducer';
import { KeyHint } from '../keyboard/key-hint';
import classes from './pos.module.css';

/** Options 1–9 have a number key, counted across the groups in order (Milk 1–4, Extras 5–7). */
export const MODIFIER_KEYS = 9;

export type ModifierRequest = {
  /** What the line shows: the product, with its size when it has one. */
  title: string;
  /** The size's (or product's) unit price, before the modifiers. */
  baseCents: Cents;
  groups: ModifierGroup[];
};

type ModifierDialogProps = {
  /** The line waiting for its modifiers; null closes the dialog. */
  request: ModifierRequest | null;
  onConfirm: (modifiers: CartModifier[]) => void;
  onCancel: () => void;
};

/**
 * Issue #35 item 1 (docs/adr/0035): 'Choose Modifiers', after the size. One dialog for all the
 * product's groups; digits toggle options, Enter adds the line, Escape cancels (like 'Choose Size',
 * ADR 0017). A group of at most one choice works like radio buttons; the shared rule
 * (checkModifierChoice, the server's) checks min and max and its message is shown when it refuses.
 */
export function ModifierDialog({ request, onConfirm, onCancel }: ModifierDialogProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);

  // A new line starts with nothing chosen.
  useEffect(() => {
    if (!request) return;
    setChosen([]);
    setMessage(null);
  }, [request]);

  // The dialog's keys wherever the focus is inside it (Mantine puts it on the close button): the
  // terminal's own keys are off while it is open ('busy').
  const onKey = useRef<(event: globalThis.KeyboardEvent) => void>(() => {});
  useEffect(() => {
    if (!request) return;
    const listener = (event: globalThis.KeyboardEvent) => onKey.current(event);
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, [request]);

  if (!request) return <Modal opened={false} onClose={onCancel} title="Choose Modifiers" />;

  const options = request.groups.flatMap((g) => g.options.map((o) => ({ group: g, option: o })));
  const toggle = (optionId: string) => {
    setMessage(null);
    const entry = options.find((o) => o.option.id === optionId);
    if (!entry) return;
    setChosen((current) => {
      if (current.includes(optionId)) return current.filter((id) => id !== optionId);
      const inGroup = entry.group.options.map((o) => o.id);
      const fromGroup = current.filter((id) => inGroup.includes(id));
      // At most one: the new choice replaces the old, as radio buttons do.
      if (entry.group.maxChoices === 1) return [...current.filter((id) => !inGroup.includes(id)), optionId];
      if (fromGroup.length >= entry.group.maxChoices) {
        setMessage(`Choose at most ${entry.group.maxChoices} from ${entry.group.name}`);
        return current;
      }
      return [...current, optionId];
    });
  };
  const check = checkModifierChoice(request.groups, chosen);
  const totalCents = (request.baseCents + (check.ok ? check.cents : 0)) as Cents;
  const confirm = () => {
    if (!check.ok) {
      setMessage(check.message);
      return;
    }
    onConfirm(check.chosen.map((c) => ({ optionId: c.optionId, name: c.name, priceCents: c.cents })));
  };
  onKey.current = (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
    // A button with the focus other than an option (Add to Cart, Cancel, the close button) keeps
    // its own Enter; on an option (or nothing) Enter adds the line.
    const focused = (document.activeElement as HTMLElement | null)?.closest('button');
    if (event.key === 'Enter' && focused && !focused.hasAttribute('aria-pressed')) return;
    if (/^[1-9]$/.test(event.key)) {
      const entry = options[Number(event.key) - 1];
      if (entry) {
        event.preventDefault();
        toggle(entry.option.id);
      }
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      confirm();
    }
  };

  let index = 0;
  return (
    <Modal opened onClose={onCancel} title="Choose Modifiers" centered size="md">
      <Stack gap="sm" ref={list}>
        <Text fw={600} size="lg">
          {request.title}
        </Text>
        {request.groups.map((group) => (
          <fieldset key={group.id} style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={600} size="sm" mb={4}>
              {group.name}{' '}
              <Text span c="dimmed" size="sm">
                {limitText(group)}
              </Text>
            </Text>
            <Stack gap={6}>
              {group.options.map((option) => {
                index += 1;
                const key = index <= MODIFIER_KEYS ? String(index) : null;
                const pressed = chosen.includes(option.id);
                const cents = parseCents(option.price) ?? 0;
                return (
                  <UnstyledButton
                    key={option.id}
                    className={classes.modifierOption}
                    aria-pressed={pressed}
                    aria-label={`${option.name}${cents > 0 ? `, plus ${formatMoney(cents)}` : ''}`}
                    aria-keyshortcuts={key ?? undefined}
                    onClick={() => toggle(option.id)}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      {key ? (
                        <Kbd size="md" aria-hidden>
                          {key}
                        </Kbd>
                      ) : null}
                      <Text fw={pressed ? 700 : 500} style={{ flex: 1 }}>
                        {pressed ? '✓ ' : ''}
                        {option.name}
                      </Text>
                      <Text ff="monospace">{cents > 0 ? `+${formatMoney(cents)}` : ''}</Text>
                    </Group>
                  </UnstyledButton>
                );
              })}
            </Stack>
          </fieldset>
        ))}
        {message ? (
          <Alert color="red" variant="light" role="alert">
            {message}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Text fw={700} aria-live="polite">
            Each: {formatMoney(totalCents)}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              onClick={onCancel}
              aria-keyshortcuts="Escape"
              rightSection={<KeyHint keys={['Esc']} />}
            >
              Cancel
            </Button>
            <Button
              data-autofocus
              onClick={confirm}
              aria-keyshortcuts="Enter"
              rightSection={<KeyHint keys={['Enter']} inverse />}
            >
              Add to Cart
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

function limitText(group: ModifierGroup): string {
  if (group.minChoices === 0)
    return group.maxChoices === 1 ? '(optional, choose 1)' : `(optional, up to ${group.maxChoices})`;
  if (group.minChoices === group.maxChoices) return `(choose ${group.minChoices})`;
  return `(choose ${group.minChoices} to ${group.maxChoices})`;
}
