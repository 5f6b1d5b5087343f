import { Group, Kbd, Modal, Stack, Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { legendSections } from './shortcuts';

const SECTIONS = legendSections();

/** The keys of one row: 'F2', or '+ or −', each key in its own key cap. */
export function KeyCaps({ keys }: { keys: readonly string[] }) {
  return (
    <Group gap={4} wrap="nowrap" component="span">
      {keys.map((key, index) => (
        <Fragment key={key}>
          {index > 0 ? (
            <Text span size="sm" c="dimmed">
              or
            </Text>
          ) : null}
          <Kbd size="sm">{key}</Kbd>
        </Fragment>
      ))}
    </Group>
  );
}

/** issue #22: the legend of the terminal's keys, opened with ? or the Shortcuts button. */
export function ShortcutsLegend({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard Shortcuts" centered size="lg">
      <Stack gap="md" data-testid="shortcuts-legend">
        <Text size="sm">
          A barcode scanner works at any time: its code lands in the sale, even while a dialog is open.
        </Text>
        {SECTIONS.map((section) => (
          <Table key={section.title} withRowBorders verticalSpacing={4} layout="fixed">
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
              <Text fw={700} c="var(--mantine-color-text)" span>
                {section.title}
              </Text>
            </Table.Caption>
            <Table.Tbody>
              {section.rows.map((row) => (
                <Table.Tr key={`${section.title}:${row.action}`}>
                  <Table.Td w={150}>
                    <KeyCaps keys={row.keys} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.action}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
      </Stack>
    </Modal>
  );
}
