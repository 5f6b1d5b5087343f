import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/**
 * Security guide: a cell beginning with =, +, -, @ (or a tab/CR) is a formula to a spreadsheet;
 * prefix it with a quote so it shows as text. Numbers are written as numbers, untouched.
 */
export function escapeFormula(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Undoes escapeFormula on import: "'=SUM(1)" was exported for "=SUM(1)" (security guide). */
export function unescapeFormula(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

export type CsvColumn<Row> = { header: string; value: (row: Row) => unknown };

function toRecord<Row>(columns: ReadonlyArray<CsvColumn<Row>>, row: Row): unknown[] {
  return columns.map((c) => {
    const v = c.value(row);
    return escapeFormula(v === null || v === undefined ? '' : v);
  });
}

/** A whole CSV document in memory (small exports). */
export function toCsv<Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: Iterable<Row>): string {
  const records = [columns.map((c) => c.header), ...[...rows].map((row) => toRecord(columns, row))];
  return stringifySync(records);
}

/**
 * A streamed CSV: rows are pulled from an async source page by page, so a large export never sits
 * in memory. Pipe the result to the reply. `crlf` ends every line with CR LF (RFC 4180) instead of LF.
 */
export function csvStream<Row>(
  columns: ReadonlyArray<CsvColumn<Row>>,
  rows: AsyncIterable<Row>,
  options: { crlf?: boolean } = {},
): Readable {
  const stringifier = stringify({
    header: true,
    columns: columns.map((c) => c.header),
    // Naming a record delimiter turns off csv-stringify's quoting of cells with a line break unless
    // asked for again: a note with a line break must stay one quoted cell, not start a new row.
    ...(options.crlf ? { record_delimiter: 'windows', quote_record_delimiter: true } : {}),
  });
  (async () => {
    try {
      for await (const row of rows) {
        if (!stringifier.write(toRecord(columns, row))) {
          await new Promise((resolve) => stringifier.once('drain', resolve));
        }
      }
      stringifier.end();
    } catch (error) {
      stringifier.destroy(error as Error);
    }
  })();
  return stringifier;
}

/** Parses CSV text with a header row into records keyed by header (trimmed, BOM stripped). */
export function parseCsv(text: string): Record<string, string>[] {
  return parse(text, {
    columns: (h: string[]) => h.map((x) => x.trim()),
    bom: true,
    skip_empty_lines: true,
    trim: true,
  });
}
