// Test helper: requests to the intake endpoint through app.handle, and accounts with tokens made in the database.
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import type { TokenScope } from "../core/accounts/channel-token.ts";
import { createChannelToken, ensureAccount } from "../core/accounts/token-repository.ts";
import type { Database } from "../db/database.ts";

export const INTAKE_URL = `http://localhost${LEAD_INTAKE_PATH}`;

export async function createTestToken(
  db: Database,
  slug = `acct-${crypto.randomUUID().slice(0, 8)}`,
  scope: TokenScope = "read",
) {
  const account = await ensureAccount(db, slug);
  const { id, token } = await createChannelToken(db, account.id, "test", scope);
  return { accountId: account.id, slug, tokenId: id, token, scope };
}

export interface PostOptions {
  token?: string;
  headers?: Record<string, string>;
  /** A raw body; otherwise `body` is JSON-encoded. */
  raw?: BodyInit;
}

/** A POST as an integrator sends it: Bearer token and application/json unless overridden. */
export function intakeRequest(body: unknown, options: PostOptions = {}): Request {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Request(INTAKE_URL, {
    method: "POST",
    headers: { ...headers, ...options.headers },
    body: options.raw ?? JSON.stringify(body),
  });
}

/** Minutes ago, as an ISO date-time, for consent.captured_at. */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export const completeConsent = () => ({
  source: "webform:/contact",
  reference: "sub_1",
  captured_at: minutesAgo(1),
});
