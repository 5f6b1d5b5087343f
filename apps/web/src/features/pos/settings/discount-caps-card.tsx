import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type DiscountCaps, ROLE_LABELS, ROLES } from '@retail-hub/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDiscountCaps, useSaveDiscountCaps } from '../api/discount-caps';

/**
 * Issue #15 item 7: the most each role may discount at the till without a manager's PIN, in whole
 * percent (defaults: cashier 10%, manager 100%). Shown to the super admin on Role Management.
 */
export function DiscountCapsCard() {
  const caps = useDiscountCaps();
  const save = useSaveDiscountCaps();
  const [draft, setDraft] = useState<DiscountCaps | null>(null);
  useEffect(() => {
    if (caps.data) setDraft(caps.data.caps);
  }, [caps.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: () => notifySuccess({ title: 'Discount Caps Saved', message: 'The new caps apply to the next sale.' }),
      onError: (error) =>
        notifyError({ title: 'Not Saved', message: serverMessage(error) ?? 'The caps could not be saved.' }),
    });
  };

  return (
    <Card padding="md" component="section" aria-labelledby="discount-caps-title">
      <Title order={2} size="h4" id="discount-caps-title">
        Discount caps
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The largest discount each role may give at the till on its own, as a percentage of a line or of the sale. Above
        it, a manager types their PIN to approve.
      </Text>
      {caps.isError ? (
        <Alert color="red" title="Caps could not be loaded">
          {serverMessage(caps.error) ?? 'Please try again.'}
        </Alert>
      ) : draft ? (
        <form onSubmit={submit}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" verticalSpacing="sm">
              {ROLES.map((role) => (
                <NumberInput
                  key={role}
                  label={ROLE_LABELS[role]}
                  suffix="%"
                  min={0}
                  max={100}
                  step={1}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="strict"
                  value={draft[role]}
                  onChange={(value) => setDraft({ ...draft, [role]: typeof value === 'number' ? value : 0 })}
                />
              ))}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save Caps
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Card>
  );
}
