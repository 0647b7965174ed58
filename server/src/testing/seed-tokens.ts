// Channel tokens for a suite's database, made in the test process with the server's own token service.
// The CLI (test/harness/stl-cli.ts) is what operators use and has its own tests; as set-up, one CLI process per token cost
// about a second of CPU each (Bun, PGlite's wasm, the database open) and the run is CPU-bound.
import { loadConfig } from "../config.ts";
import { setReadsAllChannels } from "../core/accounts/intake-guard.ts";
import { newWebhookSecret } from "../core/accounts/secret.ts";
import { ensureAccount } from "../core/accounts/token-repository.ts";
import { createAccountToken, revokeAccountToken, rollAccountToken } from "../core/accounts/token-service.ts";
import { setTokenCallback } from "../core/callbacks/callback-outbox.ts";
import type { Database } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { openDatabase } from "../db/open-database.ts";

/** A channel token a test made: its id, its secret, and the account (by name) it belongs to. */
export interface ChannelToken {
  id: string;
  token: string;
  account: string;
}

export interface TokenPlan<Name extends string> {
  /** Tokens to create, by the name tests use: `{ main: "acme" }` creates a token in account acme. */
  tokens: Record<Name, string>;
  /** Names of tokens to create intake-only (stl_pk_…); the others may read. */
  intakeOnly?: NoInfer<Name>[];
  /** Names of tokens to revoke. */
  revoke?: NoInfer<Name>[];
  /** Names of tokens to roll with no overlap: they answer token_expired. */
  expire?: NoInfer<Name>[];
  /** Status-callback URLs to set per token name, each with a new signing secret. */
  callbacks?: Partial<Record<NoInfer<Name>, string>>;
  /** Names of read tokens their owner lets read other channels' leads (off for a new token). */
  readsAllChannels?: NoInfer<Name>[];
  /** The label a token shows (the inbox's channel); `e2e-<name>` otherwise. */
  labels?: Partial<Record<NoInfer<Name>, string>>;
}

export interface SeededTokens<Name extends string> {
  tokens: Record<Name, ChannelToken>;
  callbackSecrets: Partial<Record<Name, string>>;
}

/**
 * Migrates the database in `databaseEnv` (DATABASE_URL or PGLITE_DIR) and makes the planned tokens, each named
 * `e2e-<name>`; the database is closed again before the call resolves (PGlite admits one process).
 *
 * @example const { tokens } = await seedTokens(database.env, { tokens: { main: "acme" }, revoke: [] });
 */
export async function seedTokens<Name extends string>(
  databaseEnv: Record<string, string>,
  plan: TokenPlan<Name>,
): Promise<SeededTokens<Name>> {
  const db = await openDatabase(loadConfig(databaseEnv), "command");
  try {
    await migrate(db);
    return await seedTokensIn(db, plan);
  } finally {
    await db.close();
  }
}

/**
 * The planned tokens in an open, migrated database (an in-process app's).
 *
 * @example const { tokens } = await seedTokensIn(db, { tokens: { main: "acme" } });
 */
export async function seedTokensIn<Name extends string>(
  db: Database,
  plan: TokenPlan<Name>,
): Promise<SeededTokens<Name>> {
  const tokens = {} as Record<Name, ChannelToken>;
  const accountIds = new Map<string, string>();
  for (const [name, account] of Object.entries(plan.tokens) as [Name, string][]) {
    const accountId = accountIds.get(account) ?? (await ensureAccount(db, account)).id;
    accountIds.set(account, accountId);
    const scope = plan.intakeOnly?.includes(name) ? "intake" : "read";
    const label = plan.labels?.[name] ?? `e2e-${name}`;
    const created = await createAccountToken(db, accountId, label, scope);
    if (!created.ok) throw new Error(`token ${name} refused: ${created.code}`);
    tokens[name] = { id: created.id, token: created.token, account };
  }
  const accountOf = (name: Name) => accountIds.get(tokens[name].account)!;
  for (const name of plan.readsAllChannels ?? []) {
    if (!(await setReadsAllChannels(db, accountOf(name), tokens[name].id, true)))
      throw new Error(`token ${name} may not read other channels`);
  }
  for (const name of plan.revoke ?? []) {
    if (!(await revokeAccountToken(db, accountOf(name), tokens[name].id)).ok)
      throw new Error(`token ${name} not revoked`);
  }
  for (const name of plan.expire ?? []) {
    if (!(await rollAccountToken(db, accountOf(name), tokens[name].id, "now")).ok)
      throw new Error(`token ${name} not rolled`);
  }
  const callbackSecrets: Partial<Record<Name, string>> = {};
  for (const [name, url] of Object.entries(plan.callbacks ?? {}) as [Name, string][]) {
    const secret = newWebhookSecret();
    if (!(await setTokenCallback(db, tokens[name].id, { url, secret })))
      throw new Error(`token ${name}: callback not set`);
    callbackSecrets[name] = secret;
  }
  return { tokens, callbackSecrets };
}

/**
 * One read token labelled `label` in `account`: the set-up of a test with a single sender.
 *
 * @example const { token } = await seedToken(database.env, "acme", "Website form");
 */
export async function seedToken(
  databaseEnv: Record<string, string>,
  account: string,
  label = "e2e",
): Promise<ChannelToken> {
  return (await seedTokens(databaseEnv, { tokens: { sender: account }, labels: { sender: label } })).tokens
    .sender;
}
