import type { DbOrTx } from '../../db/client';
import { localDateOf } from '../../lib/store-time';
import { incrementCounter } from './numbering.repository';

/**
 * The document-number service (issue #33 item 1, ADR 0026): every gap-free sequence of the
 * installation — Z numbers per store, and the yearly REQ, PO, GRN, JOB, DN and AST numbers — is
 * one row of `document_counters`, and this module is the only writer of that table.
 *
 * A number is taken inside the transaction that writes its document, so a document that is rolled
 * back gives its number back (no gap) and two writers never share one (no duplicate).
 */

/** The documents numbered per calendar year (store time zone): PO-2026-00042. */
export type YearDocumentKind = 'REQ' | 'PO' | 'GRN' | 'JOB' | 'DN' | 'AST';

/** The counter row of a store's Z numbers (ADR 0024: Z numbers run per store). */
export function zReportSequence(storeId: string): string {
  return `z_report:${storeId}`;
}

/** The counter row of `kind` in `year` (numbers restart at 1 each year). */
export function yearSequence(kind: YearDocumentKind, year: number): string {
  return `${kind}:${year}`;
}

/**
 * The next number (1, 2, 3 …) of `sequence` (a name from zReportSequence or yearSequence),
 * inside the caller's transaction.
 */
export function nextNumber(tx: DbOrTx, sequence: string): Promise<number> {
  return incrementCounter(tx, sequence);
}

/** KIND-YYYY-NNNNN, e.g. REQ-2026-00042 (five digits, more when a year passes 99,999). */
export function documentNumber(kind: YearDocumentKind, year: number, value: number): string {
  return `${kind}-${year}-${String(value).padStart(5, '0')}`;
}

/** The next number of `kind` in `year`, formatted (REQ-2026-00042), inside the caller's transaction. */
export async function nextYearDocument(tx: DbOrTx, kind: YearDocumentKind, year: number): Promise<string> {
  return documentNumber(kind, year, await nextNumber(tx, yearSequence(kind, year)));
}

/** The calendar year in the store's time zone (the yearly documents restart each year). */
export function storeYear(timeZone: string, now: Date = new Date()): number {
  return localDateOf(now, timeZone).year;
}
