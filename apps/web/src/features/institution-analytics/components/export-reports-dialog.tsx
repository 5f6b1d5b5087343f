import { Alert, Button, CopyButton, Group, Loader, Modal, Text, Textarea } from '@mantine/core';
import type { AnalyticsRange } from '@retail-hub/shared';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { serverMessage } from '@/lib/api-client';
import { useInstitutionExport } from '../api/institution-analytics';

/**
 * spec §2 Institutional Analytics: the Export Reports dialog shows the CSV text with Copy to Clipboard;
 * spec §9: the text has three sections, inventory, utilization and checkout history.
 */
export function ExportReportsDialog({
  opened,
  days,
  onClose,
}: {
  opened: boolean;
  days: AnalyticsRange;
  onClose: () => void;
}) {
  const report = useInstitutionExport(days, opened);
  const csv = report.data?.csv ?? '';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Export Reports"
      centered
      size="xl"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text size="sm" c="dimmed" mb="sm">
        Inventory, utilization and checkout history for the last {days} days, as CSV. Copy it into a spreadsheet or a
        file.
      </Text>
      {report.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading" />
        </Group>
      ) : report.isError ? (
        <Alert color="red" title="The report could not be generated">
          {serverMessage(report.error) ?? 'Please try again.'}
        </Alert>
      ) : (
        <Textarea
          aria-label="CSV report"
          data-testid="export-csv"
          value={csv}
          readOnly
          autosize
          minRows={12}
          maxRows={20}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        />
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <CopyButton value={csv}>
          {({ copied, copy }) => (
            <Button
              color={copied ? 'teal' : 'blue'}
              leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              onClick={copy}
              disabled={!csv}
            >
              {copied ? 'Copied!' : 'Copy to Clipboard'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Modal>
  );
}
