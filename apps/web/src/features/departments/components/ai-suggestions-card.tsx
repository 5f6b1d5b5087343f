import { Accordion, Alert, Badge, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBulb, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { suggestionsErrorMessage, suggestionsErrorTitle, useAiSuggestions } from '../api/ai-suggestions';
import type { Suggestion } from '../api/types';

const PRIORITY_COLORS: Record<Suggestion['priority'], string> = { high: 'red', medium: 'yellow', low: 'blue' };
const TYPE_LABELS: Record<Suggestion['type'], string> = {
  efficiency: 'Efficiency',
  cost: 'Cost',
  structure: 'Structure',
  workflow: 'Workflow',
  resource: 'Resource',
};

/**
 * spec §2 AI optimization suggestions card (below the department grid), spec §4 states: loading,
 * error (service unavailable versus generic, each with Try Again), empty ('well-optimized') and a
 * list of expandable items.
 */
export function AiSuggestionsCard() {
  const query = useAiSuggestions();

  return (
    <Card component="section" aria-label="AI Optimization Suggestions" data-testid="ai-suggestions">
      <Group gap="xs" mb="sm" justify="space-between">
        <Group gap="xs">
          <IconBulb size={20} aria-hidden />
          <Title order={2} size="h4">
            AI Optimization Suggestions
          </Title>
        </Group>
        {query.isSuccess && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Refresh
          </Button>
        )}
      </Group>

      {query.isPending ? (
        <Group gap="sm" py="md" justify="center">
          <Loader size="sm" aria-label="Loading suggestions" />
          <Text c="dimmed" size="sm">
            Analyzing your departments…
          </Text>
        </Group>
      ) : query.isError ? (
        <Alert
          color={suggestionsErrorTitle(query.error).includes('unavailable') ? 'yellow' : 'red'}
          title={suggestionsErrorTitle(query.error)}
        >
          <Stack gap="xs" align="flex-start">
            {suggestionsErrorMessage(query.error) !== suggestionsErrorTitle(query.error) && (
              <Text size="sm">{suggestionsErrorMessage(query.error)}</Text>
            )}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={query.isFetching}
              onClick={() => void query.refetch()}
            >
              Try Again
            </Button>
          </Stack>
        </Alert>
      ) : query.data.suggestions.length === 0 ? (
        <Stack align="center" gap={4} py="md">
          <IconCircleCheck size={32} color="var(--mantine-color-green-6)" aria-hidden />
          <Text fw={600}>Your departments are well-optimized</Text>
          <Text c="dimmed" size="sm">
            No suggestions right now. Check back as your data changes.
          </Text>
        </Stack>
      ) : (
        <Accordion variant="separated" chevronPosition="right">
          {query.data.suggestions.map((suggestion) => (
            <SuggestionItem key={suggestion.id} suggestion={suggestion} />
          ))}
        </Accordion>
      )}
    </Card>
  );
}

function SuggestionItem({ suggestion }: { suggestion: Suggestion }) {
  return (
    <Accordion.Item value={suggestion.id} data-testid="ai-suggestion">
      <Accordion.Control>
        <Stack gap={4}>
          <Group gap="xs">
            <Badge color={PRIORITY_COLORS[suggestion.priority]} variant="light" size="sm">
              {suggestion.priority} priority
            </Badge>
            <Badge color="gray" variant="outline" size="sm">
              {TYPE_LABELS[suggestion.type] ?? suggestion.type}
            </Badge>
          </Group>
          <Text fw={600}>{suggestion.title}</Text>
          <Text size="sm" c="dimmed">
            {suggestion.description}
          </Text>
        </Stack>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="xs">
          <Group gap="xl" wrap="wrap">
            <Detail label="Estimated savings" value={suggestion.estimatedSavings} />
            <Detail label="Implementation time" value={suggestion.implementationTime} />
            <Detail label="Impact" value={suggestion.impact} />
          </Group>
          {suggestion.actionItems.length > 0 && (
            <div>
              <Text size="sm" fw={600} mb={4}>
                Action items
              </Text>
              <List size="sm" spacing={2}>
                {suggestion.actionItems.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </div>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
