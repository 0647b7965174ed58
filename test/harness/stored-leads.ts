// White-box evidence for "one lead": counts rows in the server's leads and response_tasks tables (PostgreSQL only).
// HTTP alone cannot show a silent duplicate whose response looked like a replay; the database can.
import { expect } from "vitest";
import type { BackendDatabase } from "./database-backend.ts";

/**
 * Rows of the leads table whose `column` holds `value`, or undefined on PGlite (the running server holds
 * the embedded database exclusively). Relies on the server's schema: table `leads` and these columns.
 *
 * @example expect(await storedLeads(server.database, "email", email)).toBe(1);
 */
export async function storedLeads(
  database: BackendDatabase,
  column: "email" | "external_lead_id",
  value: string,
): Promise<number | undefined> {
  return await countRows(database, `select count(*)::int as count from leads where ${column} = $1`, value);
}

async function countRows(
  database: BackendDatabase,
  query: string,
  value: string,
): Promise<number | undefined> {
  // PostgreSQL itself: the test's own check needs no pooler (and Bun's prepared statements would collide behind one).
  const url = database.env.DATABASE_DIRECT_URL ?? database.env.DATABASE_URL;
  if (!url) return undefined;
  const sql = new Bun.SQL(url, { max: 1 });
  try {
    const [row] = await sql.unsafe(query, [value]);
    return row.count;
  } finally {
    await sql.close();
  }
}

/** Asserts the response tasks (the hand-off's outbox) of the lead with this external id, where the database can be read. */
export async function expectStoredResponseTasks(
  database: BackendDatabase,
  externalLeadId: string,
  expected: number,
): Promise<void> {
  const actual = await countRows(
    database,
    "select count(*)::int as count from response_tasks t join leads l on l.id = t.lead_id where l.external_lead_id = $1",
    externalLeadId,
  );
  if (actual !== undefined) expect(actual, `response tasks of ${externalLeadId}`).toBe(expected);
}

/** Asserts the count where the database can be read (PostgreSQL); on PGlite the HTTP checks stand alone. */
export async function expectStoredLeads(
  database: BackendDatabase,
  column: "email" | "external_lead_id",
  value: string,
  expected: number,
): Promise<void> {
  const actual = await storedLeads(database, column, value);
  if (actual !== undefined) expect(actual, `rows in leads with ${column} = ${value}`).toBe(expected);
}
