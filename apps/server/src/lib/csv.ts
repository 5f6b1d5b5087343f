import type { Readable } from 'node:stream';
import { parse as parseStream } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/**
 * Security guide: a cell beginning with =, +, -, @ (or a tab/CR) is a formula to a spreadsheet;
 * prefix it with a quote so it shows as text. Numbers are written as numbers, untouched, and so is
 * a negative decimal amount written as text ('-10.00').
 */
export function escapeFormula(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  // A negative amount ('-10.00', a refund's row) is a number to a spreadsheet, not a formula.
  if (/^-\d+(\.\d+)?$/.test(value)) return value;
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

const PARSE_OPTIONS = {
  columns: (h: string[]) => h.map((x) => x.trim()),
  bom: true,
  skip_empty_lines: true,
  trim: true,
};

/** Parses CSV text with a header row into records keyed by header (trimmed, BOM stripped). */
export function parseCsv(text: string): Record<string, string>[] {
  return parse(text, PARSE_OPTIONS);
}

/** Text fed to the parser between two turns of the event loop (a few milliseconds of parsing). */
const PARSE_SLICE_CHARS = 64 * 1024;

/**
 * parseCsv for large files: the text goes to csv-parse's stream a slice at a time with a turn of
 * the event loop between slices, so a 5 MB import does not hold the server while it is parsed.
 */
export async function parseCsvYielding(text: string): Promise<Record<string, string>[]> {
  const records: Record<string, string>[] = [];
  const parser = parseStream(PARSE_OPTIONS);
  const done = new Promise<void>((resolve, reject) => {
    parser.on('readable', () => {
      for (let record = parser.read(); record !== null; record = parser.read()) records.push(record);
    });
    parser.on('end', resolve);
    parser.on('error', reject);
  });
  // (A failed parse rejects `done`; it is awaited below, so the rejection is never unhandled.)
  done.catch(() => {});
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + PARSE_SLICE_CHARS);
    // Never split a surrogate pair between two slices.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    if (!parser.write(text.slice(start, end))) await new Promise((resolve) => parser.once('drain', resolve));
    start = end;
    await new Promise((resolve) => setImmediate(resolve));
    if (parser.destroyed) break;
  }
  parser.end();
  await done;
  return records;
}

/** "a, b and c": the required columns as the import's message names them. */
function columnList(columns: readonly string[]): string {
  return columns.length < 2 ? columns.join('') : `${columns.slice(0, -1).join(', ')} and ${columns.at(-1)}`;
}

/** An import file, read: its records, and a cell by column name (undefined when the column is absent). */
export type CsvImportFile = {
  records: Record<string, string>[];
  /** The cell under `column` (header compared ignoring case), formula escape undone, not trimmed further. */
  cell: (record: Record<string, string>, column: string) => string | undefined;
};

/**
 * The checks every CSV import makes before its rows: the text parses, it has rows (at most
 * `maxRows`) and every required column. A failure is thrown as `invalid(message)`.
 */
export async function readCsvImport(
  text: string,
  options: { rowNoun: string; required: readonly string[]; maxRows: number; invalid: (message: string) => Error },
): Promise<CsvImportFile> {
  const { invalid } = options;
  let records: Record<string, string>[];
  try {
    records = await parseCsvYielding(text);
  } catch (error) {
    throw invalid(`The file is not valid CSV: ${(error as Error).message}`);
  }
  const first = records[0];
  if (!first) throw invalid(`The CSV file has no ${options.rowNoun} rows.`);
  if (records.length > options.maxRows) {
    throw invalid(`A CSV file can have at most ${options.maxRows} rows; split it into smaller files.`);
  }
  const headers = new Map(Object.keys(first).map((h) => [h.toLowerCase(), h]));
  const missing = options.required.filter((c) => !headers.has(c.toLowerCase()));
  if (missing.length > 0) {
    throw invalid(`The CSV file needs the columns ${columnList(options.required)} (missing: ${missing.join(', ')}).`);
  }
  const cell = (record: Record<string, string>, column: string): string | undefined => {
    const header = headers.get(column.toLowerCase());
    return header === undefined ? undefined : unescapeFormula(record[header] ?? '');
  };
  return { records, cell };
}
