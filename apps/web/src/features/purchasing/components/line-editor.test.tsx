import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { json, mockServer, sessionHandlers, userWithRole } from '@/test/server';
import { type EditedLine, LineEditor, newLineKey } from './line-editor';

type Line = EditedLine & { qty: string; tax: string };
const emptyLine = (): Line => ({ key: newLineKey(), item: null, qty: '', tax: '' });

let shown: Line[] = [];
function Harness({ errors = {} }: { errors?: Record<string, string> }) {
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  shown = lines;
  return (
    <LineEditor
      lines={lines}
      onChange={setLines}
      columns={[
        { field: 'qty', label: 'Quantity', serverField: 'qtyOrdered' },
        { field: 'tax', label: 'Tax %', serverField: 'taxRate', placeholder: '0' },
      ]}
      emptyLine={emptyLine}
      errors={errors}
    />
  );
}

function renderHarness(errors?: Record<string, string>) {
  mockServer({
    ...sessionHandlers(userWithRole('procurement_admin')),
    'GET /api/procurement/purchasing-lookups/items': () => json(200, []),
  });
  renderWithProviders(<Harness errors={errors} />);
  return userEvent.setup();
}

describe('the line editor of the requisition and purchase-order forms', { timeout: 15_000 }, () => {
  it('numbers each line, adds and removes lines, never the last one', async () => {
    const user = renderHarness();
    expect(screen.getByRole('button', { name: 'Remove line 1' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Quantity 1' }), '100');
    await user.click(screen.getByRole('button', { name: 'Add Line' }));
    await user.type(screen.getByRole('textbox', { name: 'Tax % 2' }), '7.5');
    expect(shown.map((l) => [l.qty, l.tax])).toEqual([
      ['100', ''],
      ['', '7.5'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(shown.map((l) => [l.qty, l.tax])).toEqual([['', '7.5']]);
    expect((screen.getByRole('textbox', { name: 'Tax % 1' }) as HTMLInputElement).value).toBe('7.5');
    expect(screen.getByRole('button', { name: 'Remove line 1' })).toBeDisabled();
  });

  it("shows the server's message on the line and field it names", () => {
    renderHarness({ 'lines.0.qtyOrdered': 'Quantity must be more than 0', 'lines.0.itemId': 'Item not found' });
    expect(screen.getByText('Quantity must be more than 0')).toBeInTheDocument();
    expect(screen.getByText('Item not found')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Quantity 1' }).getAttribute('aria-invalid')).toBe('true');
  });
});
