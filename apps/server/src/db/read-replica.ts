import type { Database, Db } from './client';

/**
 * Report reads on a streaming replica (DATABASE_READ_URL, issue #20 item 4, ADR 0016).
 *
 * The rule: only reads that cannot include a user's own recent write go to the replica, and only
 * while it is close behind the primary.
 * - `final(until)`: data that stopped changing before `until` (a closed store day of sales
 *   figures, a VTPD export of past days). The replica serves it when `until` is more than
 *   FINAL_MARGIN_MS ago (no sale's transaction is open that long) and its lag is within the limit.
 * - `reports()`: the institution's analytics (a screen of many aggregates, not the user's own
 *   just-made write), on the replica while its lag is within the limit.
 * Everything else (the sale, its receipt, today's figures, shifts, sessions, the PIN throttle)
 * uses `app.database` and never comes here.
 *
 * The replica's lag is probed at most once per PROBE_INTERVAL_MS (one shared in-flight probe); an
 * unreachable or lagging replica sends reads back to the primary until a probe finds it healthy.
 */
export type ReplicaState = 'ok' | 'lagging' | 'unreachable';

export type ReplicaStatus = {
  /** Whether reports read from the replica right now. */
  inUse: boolean;
  state: ReplicaState;
  /** Seconds the replica's replay is behind (0 when it has replayed everything it received). */
  lagSeconds: number | null;
  checkedAt: string;
};

/** Reads the replica's lag in seconds; null when the server is not in recovery (not a replica). */
export type LagProbe = (replica: Database) => Promise<number | null>;

/**
 * Standard lag of a hot standby: 0 when everything received is replayed (an idle primary makes the
 * last replay timestamp old without any lag), else the age of the last replayed commit.
 */
export const probeReplicaLag: LagProbe = async (replica) => {
  const { rows } = await replica.execute(
    `select case when not pg_is_in_recovery() then null
                 when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
                 else greatest(0, extract(epoch from now() - pg_last_xact_replay_timestamp()))
            end::float8 as lag`,
  );
  const lag = rows[0]?.lag;
  return lag === null || lag === undefined ? null : Number(lag);
};

export class ReadRouter {
  /** A sale's transaction is never open this long, so sales stamped before now − margin are final. */
  static readonly FINAL_MARGIN_MS = 15 * 60_000;
  static readonly PROBE_INTERVAL_MS = 1_000;

  private last: { at: number; state: ReplicaState; lagSeconds: number | null } | null = null;
  private probing: Promise<void> | null = null;

  constructor(
    readonly primary: Database,
    readonly replica: Database | null,
    private readonly options: { maxLagMs: number; probe?: LagProbe; now?: () => number },
  ) {}

  get configured(): boolean {
    return this.replica !== null;
  }

  /** The database for reads of data final before `until` (see the module comment). */
  async final(until: Date): Promise<Db> {
    if (!this.replica || until.getTime() > this.now() - ReadRouter.FINAL_MARGIN_MS) return this.primary.db;
    return (await this.healthy()) ? this.replica.db : this.primary.db;
  }

  /** The database for analytics reads that tolerate the replica's bounded lag. */
  async reports(): Promise<Db> {
    if (!this.replica) return this.primary.db;
    return (await this.healthy()) ? this.replica.db : this.primary.db;
  }

  /** For System Health; null when no replica is configured. Probes afresh if the last is old. */
  async status(): Promise<ReplicaStatus | null> {
    if (!this.replica) return null;
    await this.refresh();
    const last = this.last as NonNullable<ReadRouter['last']>;
    return {
      inUse: last.state === 'ok',
      state: last.state,
      lagSeconds: last.lagSeconds,
      checkedAt: new Date(last.at).toISOString(),
    };
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private async healthy(): Promise<boolean> {
    await this.refresh();
    return this.last?.state === 'ok';
  }

  private async refresh(): Promise<void> {
    if (this.last && this.now() - this.last.at < ReadRouter.PROBE_INTERVAL_MS) return;
    if (!this.probing) {
      this.probing = this.probeOnce().finally(() => {
        this.probing = null;
      });
    }
    await this.probing;
  }

  private async probeOnce(): Promise<void> {
    const replica = this.replica as Database;
    const probe = this.options.probe ?? probeReplicaLag;
    let state: ReplicaState;
    let lagSeconds: number | null = null;
    try {
      // Not in recovery (a primary given as its own replica) has no lag to wait for.
      lagSeconds = (await probe(replica)) ?? 0;
      state = lagSeconds * 1000 > this.options.maxLagMs ? 'lagging' : 'ok';
    } catch {
      state = 'unreachable';
    }
    this.last = { at: this.now(), state, lagSeconds };
  }
}
