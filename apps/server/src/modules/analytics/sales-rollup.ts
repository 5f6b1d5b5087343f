import type { Cents } from '@retail-hub/shared';
import { decimalToCents } from '@retail-hub/shared';
import type { DbOrTx } from '../../db/client';
import { addDay, storeDaysRange } from '../../lib/sales-range';
import {
  productFiguresByDay,
  refundFiguresByDay,
  refundProductFiguresByDay,
  salesFiguresByDay,
} from './analytics.repository';

/**
 * The completed sales of one store day (or of a span of days), all of them or the VTPD ones, net
 * of the refunds given that day (issue #15 item 5): `revenue`, `items` and each product's figures
 * are after refunds; `refunds` is what was given back (a positive amount) and `refundCount` how
 * many refunds. Voided sales are not sales: they are in none of the figures.
 */
export type Figures = {
  revenue: Cents;
  sales: number;
  items: number;
  refunds: Cents;
  refundCount: number;
  /** Discounts given (issue #15 item 7), already taken off revenue. */
  discounts: Cents;
  /**
   * Issue #37 item 2 (ADR 0036): the cost of the goods sold (Σ quantity × the line's unit_cost,
   * net of refunded units at the cost they left at), to the cent per day, store and product.
   */
  cost: Cents;
  /** Units sold, revenue and cost per product id, net of refunded units. */
  products: Map<string, { sold: number; revenue: Cents; cost: Cents }>;
};
export type StoreDayFigures = { all: Figures; vtpd: Figures };
/** A day's figures over every store, and the same per store (issue #32 item 5: by the sale's shift's store). */
export type DayFigures = StoreDayFigures & { byStore: Map<string, StoreDayFigures> };

/**
 * Which stores a figure covers (issue #32): every store (undefined), one store, or several (a
 * reader limited to some stores, `readableStores` in modules/retail-stores).
 */
export type StoreScope = string | readonly string[] | undefined;

/** The day's figures of the stores of `scope`, or of every store (undefined). */
export function ofStore(day: DayFigures, scope: StoreScope): StoreDayFigures {
  if (scope === undefined) return day;
  const ids = typeof scope === 'string' ? [scope] : scope;
  const parts = ids.flatMap((id) => {
    const part = day.byStore.get(id);
    return part ? [part] : [];
  });
  if (parts.length === 1) return parts[0] as StoreDayFigures;
  return { all: sumFigures(parts.map((p) => p.all)), vtpd: sumFigures(parts.map((p) => p.vtpd)) };
}

const emptyFigures = (): Figures => ({
  revenue: 0,
  sales: 0,
  items: 0,
  refunds: 0,
  refundCount: 0,
  discounts: 0,
  cost: 0,
  products: new Map(),
});
const emptyDay = (): DayFigures => ({ all: emptyFigures(), vtpd: emptyFigures(), byStore: new Map() });

/**
 * Per-day figures of completed sales, with closed days kept in memory (bench/reports README).
 *
 * Why: a report over two years aggregates a million sales and three million lines; no index makes
 * that fit in 100 ms on two cores. But a sale (and a refund) is written once, stamped with the
 * database's now(), and only a void changes it afterwards (issue #15 item 6; the void publishes
 * 'sale.voided' and the analytics routes then call forget()), so the figures of a store day that ended
 * more than CLOSE_MARGIN_MS ago can no longer change: they are computed once (one grouped query
 * per contiguous span of missing days) and reused. Of today, the part older than the margin is
 * kept the same way (topped up once a minute) and only the last minutes and the rest of the day
 * are read per request; future days are always read from the database.
 *
 * A void is seen by every instance, even one that missed the event: it also bumps the database's
 * sales revision counter (`revisionOf`, one primary-key read per call of days()), and a revision
 * this instance has not seen yet drops everything kept (ADR 0007).
 *
 * Caveat: sales inserted into a past day behind the server's back (a restore, a manual import)
 * are not seen by a running server until it restarts (or `forget()` is called).
 */
export class SalesRollup {
  /** A store day counts as closed this long after its midnight: longer than any sale's transaction. */
  static readonly CLOSE_MARGIN_MS = 15 * 60_000;
  /**
   * About eleven years of days (a two-year report reads four: its own two and the two before for
   * growth); beyond that the earliest cached are dropped first.
   */
  static readonly MAX_DAYS = 4000;

  /**
   * One read of missing days aims at this long (docs/architecture.md, Standards: nothing holds the event loop over
   * 50 ms; on PGlite the query itself runs on this thread), and spans at most MAX_QUERY_DAYS days.
   */
  static readonly READ_TARGET_MS = 12;
  static readonly MAX_QUERY_DAYS = 92;
  /** The current span of one read, adapted to the store's volume (see read()). */
  private queryDays = 1;

  private readonly closed = new Map<string, DayFigures>();
  /**
   * Open days whose start is past the margin: the figures of [day start, until) are final too, so
   * only [until, day end) is read per request (a few minutes of sales, not the whole busy day).
   */
  private readonly partial = new Map<string, { until: number; figures: DayFigures }>();
  /** A partial day's final part is topped up at most this often (fewer tiny queries). */
  static readonly TOP_UP_MS = 60_000;

  /**
   * @param finalSource where figures that can no longer change (ending at or before the margin's
   * cutoff) are read: the read replica when one is configured and close behind (ADR 0016); the
   * live part of today always reads `db`, the primary, so a sale just made is in the figures.
   */
  /**
   * @param revisionOf the database's sales revision (analytics.repository salesRevision, on the
   * primary): it grows whenever a recorded sale changes (a void); none in unit tests of the cache.
   */
  constructor(
    private readonly db: DbOrTx,
    private readonly timeZone: string,
    private readonly now: () => number = Date.now,
    private readonly finalSource: (until: Date) => Promise<DbOrTx> = async () => db,
    private readonly revisionOf?: () => Promise<number>,
  ) {}

  /** The sales revision the kept figures were read at (null: not read yet). */
  private revision: number | null = null;
  /** Grows with every forget(): figures read before one are returned but never kept. */
  private generation = 0;
  /** When the figures were last dropped: closed days read from then on wait for the replica to pass it. */
  private forgottenAt = 0;

  forget(): void {
    this.closed.clear();
    this.partial.clear();
    this.generation++;
    this.forgottenAt = this.now();
  }

  /**
   * Reads the sales revision and drops the kept figures when it moved. Read before any figure, so
   * figures read afterwards include every change up to it; the token says which figures may be
   * kept: only those of a read that started under the revision and generation still in force (a
   * read overtaken by a void or a forget() answers its own request, and is not kept).
   */
  private async check(): Promise<{ generation: number; revision: number | null }> {
    if (this.revisionOf) {
      const revision = await this.revisionOf();
      // (The first read finds nothing kept: every figure is kept under a token of a check.)
      if (this.revision === null) this.revision = revision;
      else if (revision > this.revision) {
        this.revision = revision;
        this.forget();
      }
      return { generation: this.generation, revision };
    }
    return { generation: this.generation, revision: this.revision };
  }

  private keeps(token: { generation: number; revision: number | null }): boolean {
    return token.generation === this.generation && token.revision === this.revision;
  }

  /**
   * Where figures final before `until` are read: a replica only once it may have replayed the last
   * change that dropped the cache (ReadRouter.final serves the primary for `until` within its margin).
   */
  private finalRead(until: number): Promise<DbOrTx> {
    return this.finalSource(new Date(Math.max(until, this.forgottenAt)));
  }

  /** The figures of every day startDate..endDate (YYYY-MM-DD, inclusive), in order. */
  async days(startDate: string, endDate: string): Promise<Array<{ date: string; figures: DayFigures }>> {
    const token = await this.check();
    const dates: string[] = [];
    for (let d = startDate; d <= endDate; d = addDay(d, 1)) dates.push(d);
    const result = new Map<string, DayFigures>();
    const cutoff = this.now() - SalesRollup.CLOSE_MARGIN_MS;
    // Contiguous runs of days that are not (or cannot be) cached are read in one query each, of at
    // most `queryDays` days: on PGlite a query runs on this thread, so a two-year read in one
    // statement held every terminal for seconds (issue #13 item 9).
    let run: Array<{ date: string; end: number }> = [];
    const flush = async () => {
      if (run.length === 0) return;
      const span = run;
      run = [];
      const first = span[0] as (typeof span)[number];
      const last = span[span.length - 1] as (typeof span)[number];
      const source = last.end <= cutoff ? await this.finalRead(last.end) : this.db;
      const read = await this.read(source, first.date, last.date);
      for (const { date, end } of span) {
        const figures = read.get(date) ?? emptyDay();
        result.set(date, figures);
        if (end <= cutoff && this.keeps(token)) {
          this.partial.delete(date);
          this.remember(date, figures);
        }
      }
      // Let sales and other requests in between two reads (PGlite answers without an I/O wait).
      await yieldToEventLoop();
    };
    for (const date of dates) {
      const cached = this.closed.get(date);
      if (cached) {
        await flush();
        result.set(date, cached);
        continue;
      }
      // (Bounds only for days not in memory: a two-year report has 1,461 days, each an Intl lookup.)
      const bounds = storeDaysRange(date, date, this.timeZone);
      if (bounds.end.getTime() > cutoff && bounds.start.getTime() < cutoff) {
        await flush();
        result.set(date, await this.openDay(date, bounds, cutoff, token));
      } else {
        run.push({ date, end: bounds.end.getTime() });
        if (run.length >= this.queryDays) await flush();
      }
    }
    await flush();
    return dates.map((date) => ({ date, figures: result.get(date) as DayFigures }));
  }

  private remember(date: string, figures: DayFigures): void {
    this.closed.set(date, figures);
    while (this.closed.size > SalesRollup.MAX_DAYS) {
      const oldest = this.closed.keys().next().value as string;
      this.closed.delete(oldest);
    }
  }

  /** Today (or a day within the margin): its final part from memory, topped up, plus the rest live. */
  private async openDay(
    date: string,
    bounds: { start: Date; end: Date },
    cutoff: number,
    token: { generation: number; revision: number | null },
  ): Promise<DayFigures> {
    let known = this.partial.get(date);
    if (!known) {
      const read = await this.readInstants(await this.finalRead(cutoff), bounds.start, new Date(cutoff));
      known = { until: cutoff, figures: read.get(date) ?? emptyDay() };
      if (this.keeps(token)) this.partial.set(date, known);
    } else if (cutoff - known.until >= SalesRollup.TOP_UP_MS) {
      const source = await this.finalRead(cutoff);
      const read = await this.readInstants(source, new Date(known.until), new Date(cutoff));
      const more = read.get(date);
      const figures = cloneDay(known.figures);
      if (more) addDayFigures(figures, more);
      known = { until: cutoff, figures };
      if (this.keeps(token)) this.partial.set(date, known);
    }
    const live = (await this.readInstants(this.db, new Date(known.until), bounds.end)).get(date);
    if (!live) return known.figures;
    const figures = cloneDay(known.figures);
    addDayFigures(figures, live);
    return figures;
  }

  /**
   * Reads a span of days and adapts the next span's length so one read takes about
   * READ_TARGET_MS: a quiet store reads a quarter per query, a busy one a few days.
   */
  private async read(db: DbOrTx, startDate: string, endDate: string): Promise<Map<string, DayFigures>> {
    const range = storeDaysRange(startDate, endDate, this.timeZone);
    const started = performance.now();
    const read = await this.readInstants(db, range.start, range.end);
    const took = performance.now() - started;
    const days = Math.round((range.end.getTime() - range.start.getTime()) / 86_400_000);
    if (took > SalesRollup.READ_TARGET_MS) {
      this.queryDays = Math.max(1, Math.floor(days / 2));
    } else if (took < SalesRollup.READ_TARGET_MS / 2 && days >= this.queryDays) {
      this.queryDays = Math.min(SalesRollup.MAX_QUERY_DAYS, this.queryDays * 2);
    }
    return read;
  }

  /** Completed sales of [start, end) by store day. */
  private async readInstants(db: DbOrTx, start: Date, end: Date): Promise<Map<string, DayFigures>> {
    const range = { start, end };
    const byDay = new Map<string, DayFigures>();
    const dayOf = (date: string) => {
      let day = byDay.get(date);
      if (!day) {
        day = emptyDay();
        byDay.set(date, day);
      }
      return day;
    };
    /** The figures a row adds to: the day's (all, and vtpd for a VTPD sale) and its store's. */
    const targets = (row: { date: string; vtpd: boolean; storeId: string }): Figures[] => {
      const day = dayOf(row.date);
      let store = day.byStore.get(row.storeId);
      if (!store) {
        store = { all: emptyFigures(), vtpd: emptyFigures() };
        day.byStore.set(row.storeId, store);
      }
      return row.vtpd ? [day.all, day.vtpd, store.all, store.vtpd] : [day.all, store.all];
    };
    // One after the other with a turn of the event loop between: on PGlite each query holds it.
    const sales = await salesFiguresByDay(db, { ...range, timeZone: this.timeZone });
    await yieldToEventLoop();
    const lines = await productFiguresByDay(db, { ...range, timeZone: this.timeZone });
    await yieldToEventLoop();
    const refunded = await refundFiguresByDay(db, { ...range, timeZone: this.timeZone });
    const refundedLines =
      refunded.length === 0 ? [] : await refundProductFiguresByDay(db, { ...range, timeZone: this.timeZone });
    for (const row of sales) {
      const revenue = decimalToCents(row.revenue);
      const discounts = decimalToCents(row.discounts);
      for (const f of targets(row)) {
        f.revenue += revenue;
        f.sales += row.sales;
        f.discounts += discounts;
      }
    }
    for (const row of lines) {
      const revenue = decimalToCents(row.revenue);
      const cost = decimalToCents(row.cost);
      for (const f of targets(row)) {
        f.items += row.sold;
        f.cost += cost;
        addProduct(f.products, row.productId, { sold: row.sold, revenue, cost });
      }
    }
    for (const row of refunded) {
      const amount = decimalToCents(row.refunded);
      for (const f of targets(row)) {
        f.revenue -= amount;
        f.refunds += amount;
        f.refundCount += row.count;
      }
    }
    for (const row of refundedLines) {
      const amount = decimalToCents(row.amount);
      const cost = decimalToCents(row.cost);
      for (const f of targets(row)) {
        f.items -= row.quantity;
        f.cost -= cost;
        addProduct(f.products, row.productId, { sold: -row.quantity, revenue: -amount, cost: -cost });
      }
    }
    return byDay;
  }
}

function cloneFigures(f: Figures): Figures {
  return { ...f, products: new Map([...f.products].map(([id, p]) => [id, { ...p }])) };
}

function cloneDay(day: DayFigures): DayFigures {
  return {
    all: cloneFigures(day.all),
    vtpd: cloneFigures(day.vtpd),
    byStore: new Map(
      [...day.byStore].map(([id, store]) => [id, { all: cloneFigures(store.all), vtpd: cloneFigures(store.vtpd) }]),
    ),
  };
}

function addProduct(
  products: Figures['products'],
  id: string,
  figures: { sold: number; revenue: Cents; cost: Cents },
): void {
  const entry = products.get(id);
  if (entry) {
    entry.sold += figures.sold;
    entry.revenue += figures.revenue;
    entry.cost += figures.cost;
  } else {
    products.set(id, { ...figures });
  }
}

/** Adds figures into others (mutates `target`); `withProducts` false leaves the per-product map alone. */
function addFigures(target: Figures, source: Figures, withProducts = true): void {
  target.revenue += source.revenue;
  target.sales += source.sales;
  target.items += source.items;
  target.refunds += source.refunds;
  target.refundCount += source.refundCount;
  target.discounts += source.discounts;
  target.cost += source.cost;
  if (!withProducts) return;
  for (const [id, p] of source.products) addProduct(target.products, id, p);
}

/** Adds a day's figures into another's (mutates `target`). */
function addDayFigures(target: DayFigures, source: DayFigures): void {
  addFigures(target.all, source.all);
  addFigures(target.vtpd, source.vtpd);
  for (const [id, store] of source.byStore) {
    const into = target.byStore.get(id);
    if (into) {
      addFigures(into.all, store.all);
      addFigures(into.vtpd, store.vtpd);
    } else {
      target.byStore.set(id, { all: cloneFigures(store.all), vtpd: cloneFigures(store.vtpd) });
    }
  }
}

/** The sum of several days' figures. */
export function sumFigures(days: ReadonlyArray<Figures>, withProducts = true): Figures {
  const total = emptyFigures();
  for (const day of days) addFigures(total, day, withProducts);
  return total;
}

/**
 * The sum of several days' figures with their products, yielding to the event loop every few
 * thousand product entries: two years of a large catalogue are a million map updates.
 */
export async function sumFiguresYielding(days: ReadonlyArray<Figures>): Promise<Figures> {
  const total = emptyFigures();
  let work = 0;
  for (const day of days) {
    addFigures(total, day);
    work += day.products.size + 1;
    if (work >= 20_000) {
      work = 0;
      await yieldToEventLoop();
    }
  }
  return total;
}

/** Lets pending I/O and timers run (a resolved promise alone does not). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
