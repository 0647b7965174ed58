// White-box evidence for "one lead": counts rows in the leads and response_tasks tables behind an endpoint.
// HTTP alone cannot show a silent duplicate whose response looked like a replay; the database can.
import type { ContractEndpoint } from "@speed-to-lead/server/testing/endpoint";
import { expect } from "vitest";
import type { BackendDatabase } from "./database-backend.ts";

/**
 * A count in a server process's database, or undefined on PGlite (the running server holds the embedded
 * database exclusively). Relies on the server's schema.
 */
export async function countRows(
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

/**
 * Rows of the leads table whose `column` holds `value` in a server process's database (undefined on PGlite).
 *
 * @example expect(await storedLeads(server.database, "email", email)).toBe(1);
 */
export async function storedLeads(
  database: BackendDatabase,
  column: "email" | "external_lead_id",
  value: string,
): Promise<number | undefined> {
  return await countRows(database, leadsWith(column), value);
}

const leadsWith = (column: "email" | "external_lead_id") =>
  `select count(*)::int as count from leads where ${column} = $1`;

/** Asserts the response tasks (the hand-off's outbox) of the lead with this external id, where the database can be read. */
export async function expectStoredResponseTasks(
  endpoint: Pick<ContractEndpoint, "countRows">,
  externalLeadId: string,
  expected: number,
): Promise<void> {
  const actual = await endpoint.countRows(
    "select count(*)::int as count from response_tasks t join leads l on l.id = t.lead_id where l.external_lead_id = $1",
    externalLeadId,
  );
  if (actual !== undefined) expect(actual, `response tasks of ${externalLeadId}`).toBe(expected);
}

/** Asserts the count of leads whose `column` holds `value`, where the database can be read. */
export async function expectStoredLeads(
  endpoint: Pick<ContractEndpoint, "countRows">,
  column: "email" | "external_lead_id",
  value: string,
  expected: number,
): Promise<void> {
  const actual = await endpoint.countRows(leadsWith(column), value);
  if (actual !== undefined) expect(actual, `rows in leads with ${column} = ${value}`).toBe(expected);
}
