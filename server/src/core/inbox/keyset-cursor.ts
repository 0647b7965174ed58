// Opaque keyset cursors: a moment in exact microseconds plus a lead id, so ties and precision never skip a row.
import { isUuid } from "../../db/uuid-text.ts";

export interface KeysetPosition {
  /** Microseconds since the epoch, as the database computed them (text: exact beyond 2^53). */
  micros: string;
  id: string;
}

/** @example encodeCursor({ micros: "1763830000123456", id }) // "1763830000123456.0193…" */
export const encodeCursor = (position: KeysetPosition) => `${position.micros}.${position.id}`;

/** undefined for anything that is not a cursor we made (a client may send any text). */
export function decodeCursor(cursor: string | undefined): KeysetPosition | undefined {
  if (!cursor) return undefined;
  const dot = cursor.indexOf(".");
  const micros = cursor.slice(0, dot);
  const id = cursor.slice(dot + 1);
  if (dot < 1 || !/^\d{1,18}$/.test(micros) || !isUuid(id)) return undefined;
  return { micros, id };
}

/** SQL for a timestamptz from a microseconds parameter, exact (no floating point). */
export const microsToTimestamp = (param: string) =>
  `(timestamptz 'epoch' + ${param}::bigint * interval '1 microsecond')`;

/** SQL for the microseconds of a timestamptz column, as text. */
export const timestampToMicros = (column: string) =>
  `(extract(epoch from ${column}) * 1000000)::bigint::text`;
