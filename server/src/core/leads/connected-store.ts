// Stores a lead only while its answer can still be delivered (the caller says whether it still can: for HTTP,
// http/client-closed.ts).
import type { Database } from "../../db/database.ts";

/** Thrown inside a transaction to roll it back: the connection closed while it ran. */
export class ConnectionClosedError extends Error {
  override readonly name = "AbortError";
}

/**
 * The database as acceptLead sees it, whose transactions roll back instead of committing when the
 * connection closed meanwhile. A single-statement store commits by itself: that window (one round
 * trip) remains, and the intake logs a warning with the lead's id if it is hit.
 */
export function committingWhileConnected(db: Database, connected: () => boolean): Database {
  return {
    kind: db.kind,
    connections: db.connections,
    query: (text, params) => db.query(text, params),
    exec: (script) => db.exec(script),
    close: () => db.close(),
    transaction: (fn) =>
      db.transaction(async (tx) => {
        const result = await fn(tx);
        if (!connected()) throw new ConnectionClosedError("the connection closed: rolled back");
        return result;
      }),
  };
}
