// Coalesced commits: fresh leads arriving together in one process are stored by one statement, one commit.
import type { Database } from "../../db/database.ts";
import { DatabaseDeadlineError } from "../../db/query-deadline.ts";
import { ConnectionClosedError } from "./connected-store.ts";
import { type FreshLead, type FreshLeadResult, storeFreshLeads } from "./lead-store.ts";

export interface BatchSettings {
  /** INTAKE_BATCH_MAX_LEADS: a batch closes at this many leads; 1 stores every lead on its own. */
  maxLeads: number;
  /** INTAKE_BATCH_WAIT_MS: the longest a lead waits for a busy database before its batch goes anyway; 0: the next tick. */
  waitMs: number;
  /** Batches in flight before new leads wait for one to end (the pool size; 1 on PGlite's one connection). */
  inFlight: number;
}

export const DEFAULT_BATCH_SETTINGS = { maxLeads: 32, waitMs: 1 } as const;

export interface FreshLeadBatch {
  /**
   * Stores the lead with others that arrive meanwhile; resolves after the commit holding it. Rejects
   * with ConnectionClosedError, storing nothing, when `stillWanted` is false as its batch starts.
   */
  store(lead: FreshLead, stillWanted: () => boolean): Promise<FreshLeadResult>;
}

const keyOf = (waiting: Waiting) => {
  const idem = waiting.lead.idempotency;
  return idem && `${waiting.lead.lead.account_id} ${idem.key}`;
};
const compare = (a: string | undefined, b: string | undefined) =>
  a === b ? 0 : (a ?? "") < (b ?? "") ? -1 : 1;

interface Waiting {
  lead: FreshLead;
  stillWanted: () => boolean;
  resolve(result: FreshLeadResult): void;
  reject(error: unknown): void;
}

/**
 * A batch starts at once (next tick) while fewer than `inFlight` batches run, so a lone lead waits
 * for nothing; leads arriving while every slot commits gather until a slot frees, the batch is full,
 * or waitMs passed. One lead's failure never fails the others: a failed batch is retried lead by lead.
 *
 * @example const batch = createFreshLeadBatch(db, { maxLeads: 32, waitMs: 1, inFlight: 4 });
 */
export function createFreshLeadBatch(db: Database, settings: BatchSettings): FreshLeadBatch {
  const queue: Waiting[] = [];
  let running = 0;
  let scheduled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    if (queue.length === 0) return;
    if (queue.length >= settings.maxLeads || running < settings.inFlight || settings.waitMs === 0) {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        flush();
      });
    } else {
      timer ??= setTimeout(() => {
        timer = undefined;
        flush();
      }, settings.waitMs);
    }
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const taken = queue.splice(0, settings.maxLeads);
    running++;
    run(taken).finally(() => {
      running--;
      schedule();
    });
    schedule();
  };

  const run = async (taken: Waiting[]) => {
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const keys = new Set<string>();
    for (const waiting of taken) {
      if (!waiting.stillWanted()) {
        waiting.reject(new ConnectionClosedError("the connection closed before the lead was stored"));
        continue;
      }
      // A second lead with the same key is decided after the first one's commit, as a replay or a 422.
      const key = keyOf(waiting);
      if (key !== undefined && keys.has(key)) later.push(waiting);
      else {
        if (key !== undefined) keys.add(key);
        batch.push(waiting);
      }
    }
    // Keys claimed in one order in every process: two batches never wait on each other crosswise.
    batch.sort((a, b) => compare(keyOf(a), keyOf(b)));
    await storeTogether(batch);
    for (const waiting of later) await storeAlone(waiting);
  };

  const storeTogether = async (batch: Waiting[]) => {
    if (batch.length === 0) return;
    if (batch.length === 1) return storeAlone(batch[0]!);
    let results: FreshLeadResult[];
    try {
      results = await storeFreshLeads(
        db,
        batch.map((waiting) => waiting.lead),
      );
    } catch (error) {
      // A database that does not answer would not answer each lead either.
      if (error instanceof DatabaseDeadlineError) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      // One bad lead, a key held elsewhere (lock_timeout) or a deadlock failed the statement: each
      // lead gets its own outcome.
      await Promise.all(batch.map(storeAlone));
      return;
    }
    for (const [i, waiting] of batch.entries()) waiting.resolve(results[i]!);
  };

  const storeAlone = async (waiting: Waiting) => {
    try {
      const [result] = await storeFreshLeads(db, [waiting.lead]);
      waiting.resolve(result!);
    } catch (error) {
      waiting.reject(error);
    }
  };

  return {
    store(lead, stillWanted) {
      return new Promise((resolve, reject) => {
        queue.push({ lead, stillWanted, resolve, reject });
        schedule();
      });
    },
  };
}
