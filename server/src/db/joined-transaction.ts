// A Database whose every statement runs in the caller's open transaction: a service that opens its own transaction
// joins the caller's instead, so the caller can add a statement of its own (an audit row) that commits with it or not.
import type { Database, Transaction } from "./database.ts";

/** @example await db.transaction(async (tx) => { await removeFromList(joinedTransaction(db, tx), change); … }) */
export function joinedTransaction(db: Database, tx: Transaction): Database {
  return {
    kind: db.kind,
    connections: 1,
    query: (text, params) => tx.query(text, params),
    transaction: (fn) => fn(tx),
    exec: (script) => tx.exec(script),
    // Closing is the owner's business (the real database's): nothing to do here.
    close: async () => {},
  };
}
