// Stores a lead only while its answer can still be delivered: Bun drops the answer of a pipelined request.
import type { Database } from "../../db/database.ts";
import { clientWentAway } from "../../http/client-closed.ts";

/**
 * Bun 1.4.4 closes a connection as soon as it parses a request that arrived while the previous one is
 * still pending (pipelining), and drops the pending one's answer; it parses what is already buffered
 * only after the current macrotask. One macrotask of waiting therefore shows whether this request's
 * answer is already lost.
 *
 * @example if (!(await stillConnected(request))) return clientClosedResponse(state);
 */
export async function stillConnected(request: Request): Promise<boolean> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  return !clientWentAway(request);
}

/** Thrown inside a transaction to roll it back: the connection closed while it ran. */
export class ConnectionClosedError extends Error {
  override readonly name = "AbortError";
}

/**
 * The database as acceptLead sees it, whose transactions roll back instead of committing when the
 * connection closed meanwhile. A single-statement store commits by itself: that window (one round
 * trip) remains, and the intake logs a warning with the lead's id if it is hit.
 */
export function committingWhileConnected(db: Database, request: Request): Database {
  return {
    kind: db.kind,
    connections: db.connections,
    query: (text, params) => db.query(text, params),
    exec: (script) => db.exec(script),
    close: () => db.close(),
    transaction: (fn) =>
      db.transaction(async (tx) => {
        const result = await fn(tx);
        if (clientWentAway(request)) throw new ConnectionClosedError("the connection closed: rolled back");
        return result;
      }),
  };
}
