import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ItemPicker, type PickedItem } from './item-picker';

/** A line of a requisition or order form: an item and text fields (quantity, price, …). */
export type EditedLine = { key: number; item: PickedItem | null };

let nextKey = 1;
/** A fresh line key, unique on the page (React keys, and which line a change is for). */
export const newLineKey = () => nextKey++;

/** One text column of the lines: the draft field, its label ("Quantity 2"), the server's field. */
export type LineColumn<Line> = {
  field: { [K in keyof Line]: Line[K] extends string ? K : never }[keyof Line];
  label: string;
  /** The body field the server's message names, as in `lines.<index>.<serverField>`. */
  serverField: string;
  placeholder?: string;
};

/**
 * The lines of the requisition and purchase-order forms: per line an item picker and the given
 * text columns, numbered labels, the server's per-line field messages, Remove (not the last line)
 * and Add Line.
 */
export function LineEditor<Line extends EditedLine>({
  lines,
  onChange,
  columns,
  emptyLine,
  errors,
  rowTestId,
}: {
  lines: Line[];
  onChange: (update: (current: Line[]) => Line[]) => void;
  columns: LineColumn<Line>[];
  emptyLine: () => Line;
  errors: Record<string, string>;
  rowTestId?: string;
}) {
  const setLine = (key: number, patch: Partial<Line>) =>
    onChange((current) => current.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  return (
    <>
      {lines.map((line, index) => (
        <Group key={line.key} align="flex-start" wrap="nowrap" data-testid={rowTestId}>
          <div style={{ flex: 3 }}>
            <ItemPicker
              label={`Item ${index + 1}`}
              value={line.item}
              onChange={(item) => setLine(line.key, { item } as Partial<Line>)}
              error={errors[`lines.${index}.itemId`]}
            />
          </div>
          {columns.map((column) => (
            <TextInput
              key={String(column.field)}
              style={{ flex: 1 }}
              label={`${column.label} ${index + 1}`}
              inputMode="decimal"
              placeholder={column.placeholder}
              value={line[column.field] as string}
              onChange={(e) => setLine(line.key, { [column.field]: e.currentTarget.value } as Partial<Line>)}
              error={errors[`lines.${index}.${column.serverField}`]}
            />
          ))}
          <ActionIcon
            mt={28}
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove line ${index + 1}`}
            disabled={lines.length === 1}
            onClick={() => onChange((current) => current.filter((l) => l.key !== line.key))}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={18} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => onChange((current) => [...current, emptyLine()])}
      >
        Add Line
      </Button>
    </>
  );
}
