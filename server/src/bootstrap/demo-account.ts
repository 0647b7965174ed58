// On a new embedded database, a demo account and token, printed with a curl command to try at once.
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import type { Database } from "../db/database.ts";
import { createChannelToken, ensureAccount } from "../modules/auth/token-repository.ts";

export const DEMO_ACCOUNT_SLUG = "demo";

export async function createDemoToken(db: Database): Promise<{ id: string; token: string }> {
  const account = await ensureAccount(db, DEMO_ACCOUNT_SLUG);
  const { id, token } = await createChannelToken(db, account.id, "demo token (created at first start)");
  return { id, token };
}

/** The banner main.ts prints: the token (shown once) and a ready-to-paste curl command. */
export function demoBanner(baseUrl: string, token: string, now = new Date()): string {
  const lead = {
    phone: "(415) 555-2671",
    first_name: "Ana",
    source: "form",
    consent: { source: "webform:/contact", reference: "demo-1", captured_at: now.toISOString() },
  };
  return [
    "",
    'New embedded database: created account "demo" and a channel token (shown only this once):',
    "",
    `  ${token}`,
    "",
    "Post a lead:",
    "",
    `  curl -sS ${baseUrl}${LEAD_INTAKE_PATH} \\`,
    `    -H "Authorization: Bearer ${token}" \\`,
    `    -H "Content-Type: application/json" \\`,
    `    -d '${JSON.stringify(lead)}'`,
    "",
    `API reference: ${baseUrl}/api/docs`,
    "",
  ].join("\n");
}
