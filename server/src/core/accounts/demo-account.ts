// On a new embedded database, a demo account, token and owner, printed with a curl command and a sign-in link.

import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import { COMMAND_NAME } from "../../command-name.ts";
import type { Database } from "../../db/database.ts";
import { createOwnerSignIn } from "./owner-access.ts";
import { createChannelToken, ensureAccount } from "./token-repository.ts";

const DEMO_ACCOUNT_SLUG = "demo";
const DEMO_OWNER_EMAIL = "owner@demo.example";

export async function createDemoToken(db: Database): Promise<{ id: string; token: string }> {
  const account = await ensureAccount(db, DEMO_ACCOUNT_SLUG);
  const { id, token } = await createChannelToken(db, account.id, "demo token (created at first start)");
  return { id, token };
}

/** The demo account's owner and a single-use sign-in link (24 h) to the console. */
export async function createDemoOwnerLink(db: Database, baseUrl: string): Promise<string> {
  return (await createOwnerSignIn(db, DEMO_ACCOUNT_SLUG, DEMO_OWNER_EMAIL, baseUrl)).link;
}

/** The banner main.ts prints: the token (shown once), a ready-to-paste curl command and the console's sign-in link. */
export function demoBanner(baseUrl: string, token: string, signInLink: string, now = new Date()): string {
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
    `Open the console as the demo account's owner (${DEMO_OWNER_EMAIL}; the link works once, for 24 hours,`,
    "and asks you to choose a password):",
    "",
    `  ${signInLink}`,
    "",
    `Later: sign in at ${baseUrl}/console/sign-in. A new link (with the server stopped):`,
    `  ${COMMAND_NAME} owners create --account ${DEMO_ACCOUNT_SLUG} --email ${DEMO_OWNER_EMAIL}`,
    "",
  ].join("\n");
}
