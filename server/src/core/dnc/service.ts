// The do-not-call list's operations, shared by the assistant's events, the `stl dnc` command and an owner page.

import type { Database, Queryable } from "../../db/database.ts";
import type { CsvChunk, CsvRefusal } from "./csv-rows.ts";
import {
  addNumbers,
  cancelPendingHandoffs,
  type DncChange,
  deleteNumber,
  insertNumber,
  recordChange,
  resumeHandoffs,
} from "./dnc-repository.ts";

/** Adds a number inside `tx`: cancels its pending hand-offs and records the change (also when already listed). */
export async function addToListIn(tx: Queryable, change: DncChange) {
  const added = await insertNumber(tx, change.accountId, change.phone);
  const handoffsCancelled = await cancelPendingHandoffs(tx, change.accountId, change.phone, "opted_out");
  await recordChange(tx, change, "add", handoffsCancelled);
  return { added, handoffsCancelled };
}

/**
 * Puts a number on the account's list. One transaction: from its commit on, no dispatcher in any
 * process claims a hand-off of that number, and the ones pending or retrying are cancelled.
 *
 * @example await addToList(db, { accountId, phone: "+14155552671", via: "cli", actor: "ops@host" })
 */
export function addToList(db: Database, change: DncChange) {
  return db.transaction((tx) => addToListIn(tx, change));
}

/**
 * Takes a number off the list and records it. Leads it held back get their hand-off back only while
 * their respond_by has not passed; a five-minute response that has passed is never given late.
 */
export function removeFromList(db: Database, change: DncChange) {
  return db.transaction(async (tx) => {
    const removed = await deleteNumber(tx, change.accountId, change.phone);
    const handoffsResumed = removed ? await resumeHandoffs(tx, change.accountId, change.phone) : 0;
    await recordChange(tx, change, "remove", handoffsResumed);
    return { removed, handoffsResumed };
  });
}

/**
 * The person at the number is not the lead: the consent given for it no longer counts, so its
 * pending hand-offs are cancelled (reason wrong_number), inside `tx`. The number is not put on the
 * list: a later lead with its own consent may be called.
 */
export async function reportWrongNumberIn(tx: Queryable, change: DncChange) {
  const handoffsCancelled = await cancelPendingHandoffs(tx, change.accountId, change.phone, "wrong_number");
  await recordChange(tx, change, "wrong_number", handoffsCancelled);
  return { handoffsCancelled };
}

/** Measured with 10k rows: PGlite 2.2 s, PostgreSQL 0.28 s (a statement per row: 6.9 s and 1.3 s). */
const IMPORT_BATCH = 1_000;

/**
 * Adds many numbers of one account in one transaction, a statement per thousand: all of them or,
 * on any failure (a crash, a lost connection), none.
 *
 * @example await addAllToList(db, { accountId, via: "cli", actor: "ana" }, [{ phone: "+14155552671", note: null }])
 */
export function addAllToList(
  db: Database,
  who: Omit<DncChange, "phone" | "note">,
  numbers: { phone: string; note: string | null }[],
) {
  return db.transaction(async (tx) => {
    let added = 0;
    let handoffsCancelled = 0;
    for (let start = 0; start < numbers.length; start += IMPORT_BATCH) {
      const batch = numbers
        .slice(start, start + IMPORT_BATCH)
        .map((row) => ({ id: Bun.randomUUIDv7(), ...row }));
      const counts = await addNumbers(tx, who, batch);
      added += counts.added;
      handoffsCancelled += counts.cancelled;
    }
    return { added, handoffsCancelled };
  });
}

/** Refusals an import keeps to report (the count is always whole): a file of garbage cannot make a huge page. */
export const REFUSALS_KEPT = 1_000;

export interface ImportSummary {
  /** New numbers on the list. */
  added: number;
  /** Good rows whose number was on the list already (or earlier in the same file). */
  already: number;
  handoffsCancelled: number;
  refusedCount: number;
  /** The first REFUSALS_KEPT refusals, by line. */
  refused: CsvRefusal[];
}

/**
 * An owner's import: each chunk of rows is committed on its own, between yields to the event loop, so
 * other accounts' requests (and, on PGlite, their queries on its one connection) go between the chunks.
 * A failure keeps the chunks committed before it; importing the file again adds the rest.
 *
 * @example const summary = await importInChunks(db, who, csvNumberChunks(text));
 */
export async function importInChunks(
  db: Database,
  who: Omit<DncChange, "phone" | "note">,
  chunks: AsyncIterable<CsvChunk>,
): Promise<ImportSummary> {
  const summary: ImportSummary = { added: 0, already: 0, handoffsCancelled: 0, refusedCount: 0, refused: [] };
  for await (const chunk of chunks) {
    summary.refusedCount += chunk.refused.length;
    const room = REFUSALS_KEPT - summary.refused.length;
    if (room > 0) summary.refused.push(...chunk.refused.slice(0, room));
    if (chunk.numbers.length === 0) continue;
    const rows = chunk.numbers.map((row) => ({ id: Bun.randomUUIDv7(), phone: row.e164, note: row.note }));
    const counts = await db.transaction((tx) => addNumbers(tx, who, rows));
    summary.added += counts.added;
    summary.already += rows.length - counts.added;
    summary.handoffsCancelled += counts.cancelled;
  }
  return summary;
}
