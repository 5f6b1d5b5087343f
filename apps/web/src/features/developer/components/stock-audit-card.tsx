import { Alert, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { useStockAudit } from '../api/get-stock-audit';

const KIND_LABEL = {
  level: 'Stock level',
  pos_stock: 'Product stock',
  document: 'Ledger document',
} as const;

/**
 * Issue #32 item 5 (ADR 0025): the super admin checks every stock quantity against the sum of its
 * ledger and every ledger row against its document, as `npm run audit:stock` does.
 */
export function StockAuditCard() {
  const audit = useStockAudit();
  const result = audit.data;
  return (
    <Card padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={700}>Stock audit</Text>
            <Text size="sm" c="dimmed">
              Every stock quantity against its ledger, every ledger row against its document
            </Text>
          </div>
          <Button onClick={() => audit.refetch()} loading={audit.isFetching}>
            Check stock
          </Button>
        </Group>
        {audit.isError && !audit.isFetching && (
          <Alert color="red" title="The stock audit could not run">
            Try again in a moment.
          </Alert>
        )}
        {result && !audit.isFetching && result.disagreements.length === 0 && (
          <Alert color="green" title="No disagreements">
            {result.checked} quantities and ledger rows checked.
          </Alert>
        )}
        {result && !audit.isFetching && result.disagreements.length > 0 && (
          <Alert
            color="red"
            title={`${result.disagreements.length} ${result.disagreements.length === 1 ? 'disagreement' : 'disagreements'}`}
          >
            <Text size="sm" mb="xs">
              {result.checked} quantities and ledger rows checked.
            </Text>
            <List size="sm" spacing={4}>
              {result.disagreements.map((d) => (
                <List.Item key={`${d.kind}:${d.subject}`}>
                  {KIND_LABEL[d.kind]}: {d.subject}: {d.actual} (expected {d.expected})
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
