import { Badge, Button, Group } from '@mantine/core';
import { IconClockPlay, IconClockStop, IconFileSpreadsheet, IconReportAnalytics } from '@tabler/icons-react';
import { useTerminalPrinter } from '@/features/printers';
import { useStoreTimeZone } from '@/lib/auth';
import { DAILY_CSV_URL, fetchXReport } from '../api/shift-reports';
import type { Shift } from '../types';
import { printReport, printReportOnPrinter } from './print-report';
import { shiftTime } from './shift-dialog';

type ShiftBarProps = {
  shift: Shift | null;
  isLoading: boolean;
  onManageShift: () => void;
};

/** spec §2 Shift status bar: start/end shift and an export CSV link. spec §4: start only without a shift, end only with one. */
export function ShiftBar({ shift, isLoading, onManageShift }: ShiftBarProps) {
  const timeZone = useStoreTimeZone();
  // Issue #36: on the till's thermal printer when it has one, else the print window.
  const printer = useTerminalPrinter();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-testid="shift-bar">
      {shift ? (
        <Badge color="green" variant="light" size="lg" data-testid="shift-status" style={{ overflow: 'visible' }}>
          Shift active · since {shiftTime(shift.startedAt)}
        </Badge>
      ) : (
        <Badge color="orange" variant="light" size="lg" data-testid="shift-status" style={{ overflow: 'visible' }}>
          {isLoading ? 'Checking shift…' : 'No active shift'}
        </Badge>
      )}
      <Group gap="xs" wrap="wrap" justify="flex-end">
        <Button
          component="a"
          href={DAILY_CSV_URL}
          download
          variant="subtle"
          size="sm"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        >
          Export CSV
        </Button>
        {shift ? (
          // Issue #15 item 8: the X report, figures so far; nothing is closed.
          <Button
            size="sm"
            variant="subtle"
            leftSection={<IconReportAnalytics size={18} aria-hidden />}
            onClick={() =>
              void (printer
                ? printReportOnPrinter({ kind: 'X' }, printer.id)
                : printReport(fetchXReport, 'receipt', timeZone))
            }
          >
            X Report
          </Button>
        ) : null}
        {shift ? (
          <Button
            size="sm"
            variant="light"
            color="red"
            leftSection={<IconClockStop size={18} aria-hidden />}
            onClick={onManageShift}
          >
            End Shift
          </Button>
        ) : (
          <Button
            size="sm"
            color="green"
            leftSection={<IconClockPlay size={18} aria-hidden />}
            onClick={onManageShift}
            disabled={isLoading}
          >
            Start Shift
          </Button>
        )}
      </Group>
    </Group>
  );
}
