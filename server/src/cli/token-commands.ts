// `stl tokens create|list|revoke|rename|roll`: channel tokens of accounts, in the same database the server uses.

import { loadConfig } from "../config.ts";
import { ACCOUNT_SLUG } from "../core/accounts/account-slug.ts";
import { DEFAULT_TOKEN_SCOPE, isTokenScope, tokenPrefix } from "../core/accounts/channel-token.ts";
import { newWebhookSecret } from "../core/accounts/secret.ts";
import { ensureAccount, listChannelTokens } from "../core/accounts/token-repository.ts";
import {
  createAccountToken,
  isRollExpiry,
  renameAccountToken,
  revokeAccountToken,
  rollAccountToken,
  TOKEN_NAME_MAX_LENGTH,
  tokenAccountId,
  tokenNameProblem,
} from "../core/accounts/token-service.ts";
import { setTokenCallback } from "../core/callbacks/callback-outbox.ts";
import type { Database } from "../db/database.ts";
import { checkDestination } from "../http/public-destination.ts";
import { type ParsedArgs, stringOption, UsageError } from "./args.ts";

/** The same rule as the Integrations page, said as a usage error. */
function checkName(name: string) {
  if (tokenNameProblem(name)) throw new UsageError(`--name: 1 to ${TOKEN_NAME_MAX_LENGTH} characters`);
}

export type Print = (line: string) => void;

/** How a scope reads in the CLI's lines: what the token may do, and where it belongs. */
const SCOPE_WORDS = {
  intake: "intake-only (posts leads; fit for a web page)",
  read: "may read leads (keep it on a server)",
} as const;

export async function createTokenCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const slug = stringOption(args, "account");
  const name = stringOption(args, "name");
  if (!slug || !name) throw new UsageError("tokens create needs --account <slug> and --name <label>");
  if (!ACCOUNT_SLUG.test(slug))
    throw new UsageError("--account: lowercase letters, digits, - and _, at most 63");
  checkName(name);
  const scope = stringOption(args, "scope") ?? DEFAULT_TOKEN_SCOPE;
  if (!isTokenScope(scope)) throw new UsageError("--scope: intake (posts only) or read (posts and reads)");
  const account = await ensureAccount(db, slug);
  const created = await createAccountToken(db, account.id, name, scope);
  if (!created.ok) throw new UsageError(`--name: 1 to ${TOKEN_NAME_MAX_LENGTH} characters`);
  if (args.options.json) {
    print(
      JSON.stringify({
        id: created.id,
        token: created.token,
        account: slug,
        account_id: account.id,
        account_created: account.created,
        name,
        scope,
        created_at: new Date(created.created_at).toISOString(),
      }),
    );
  } else {
    if (account.created) print(`Created account ${slug}.`);
    print(`Created channel token ${created.id} (${name}) for account ${slug}, ${SCOPE_WORDS[scope]}:`);
    print("");
    print(`  ${created.token}`);
    print("");
    print("It is shown only now: the database keeps its SHA-256 hash, never the token.");
  }
  return 0;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export async function listTokensCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const tokens = await listChannelTokens(db, stringOption(args, "account"));
  if (args.options.json) {
    const rows = tokens.map((t) => ({
      ...t,
      created_at: iso(t.created_at),
      last_used_at: iso(t.last_used_at),
      revoked_at: iso(t.revoked_at),
      expires_at: iso(t.expires_at),
    }));
    print(JSON.stringify(rows));
    return 0;
  }
  if (tokens.length === 0) {
    print("No channel tokens.");
    return 0;
  }
  for (const t of tokens) {
    const expired = t.expires_at && new Date(t.expires_at).getTime() <= Date.now();
    const status = t.revoked_at
      ? `revoked ${iso(t.revoked_at)}`
      : t.expires_at
        ? `${expired ? "expired" : "expires"} ${iso(t.expires_at)}`
        : "active";
    const used = t.last_used_at ? `last used ${iso(t.last_used_at)}` : "never used";
    print(
      `${t.id}  ${t.account}  ${tokenPrefix(t.scope)}…${t.hint}  ${t.scope}  ${status}  ${used}  ${t.name}`,
    );
  }
  return 0;
}

/** The token's id (third word) and its account: the CLI acts as that account's owner would. */
async function tokenOfArgs(db: Database, args: ParsedArgs, command: string) {
  const id = args.positionals[2];
  if (!id) throw new UsageError(`tokens ${command} needs the token id (see tokens list)`);
  return { id, accountId: await tokenAccountId(db, id) };
}

export async function revokeTokenCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const { id, accountId } = await tokenOfArgs(db, args, "revoke");
  if (!accountId || !(await revokeAccountToken(db, accountId, id)).ok) {
    print(`No channel token with id ${id}.`);
    return 1;
  }
  print(`Revoked channel token ${id}. Servers refuse it within 5 seconds (their lookup cache lasts 4 s).`);
  return 0;
}

export async function renameTokenCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const name = stringOption(args, "name");
  if (!name) throw new UsageError("tokens rename needs --name <label>");
  checkName(name);
  const { id, accountId } = await tokenOfArgs(db, args, "rename");
  if (!accountId || !(await renameAccountToken(db, accountId, id, name)).ok) {
    print(`No channel token with id ${id}.`);
    return 1;
  }
  print(`Renamed channel token ${id} to ${name.trim()}.`);
  return 0;
}

export async function rollTokenCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const expiry = stringOption(args, "expires-in") ?? "";
  if (!isRollExpiry(expiry)) throw new UsageError("tokens roll needs --expires-in now|1h|24h|7d");
  const { id, accountId } = await tokenOfArgs(db, args, "roll");
  const rolled = accountId ? await rollAccountToken(db, accountId, id, expiry) : undefined;
  if (!rolled?.ok) {
    print(
      rolled?.code === "not_active"
        ? `Channel token ${id} is revoked or expired.`
        : `No channel token with id ${id}.`,
    );
    return 1;
  }
  const oldExpiresAt = new Date(rolled.oldExpiresAt).toISOString();
  if (args.options.json) {
    print(
      JSON.stringify({
        id: rolled.id,
        token: rolled.token,
        name: rolled.name,
        scope: rolled.scope,
        rolled_from: id,
        old_expires_at: oldExpiresAt,
      }),
    );
    return 0;
  }
  print(`Rolled channel token ${id} (${rolled.name}). The new token ${rolled.id}:`);
  print("");
  print(`  ${rolled.token}`);
  print("");
  print(`It is shown only now. The old token works until ${oldExpiresAt}.`);
  return 0;
}

/**
 * `tokens callback <id> --url <https://…>` sets the token's status-callback URL with a new secret,
 * printed once; `--clear` removes both and closes the callbacks still queued. The destination must be public
 * (resolved, every address checked) unless CALLBACK_ALLOW_PRIVATE=true.
 */
export async function tokenCallbackCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const url = stringOption(args, "url");
  const clear = args.options.clear === true;
  if (!args.positionals[2] || (!url && !clear) || (url && clear)) {
    throw new UsageError("tokens callback needs the token id and either --url <https://…> or --clear");
  }
  if (url && !isHttpUrl(url)) throw new UsageError("--url: an absolute http(s) URL");
  if (url) {
    // Checked again at every delivery: a name may point elsewhere later.
    const destination = await checkDestination(url, { allowPrivate: loadConfig().callbacks.allowPrivate });
    if (!destination.ok) throw new UsageError(`--url: ${destination.reason}`);
  }
  const secret = url ? newWebhookSecret() : undefined;
  const callback = url && secret ? { url, secret } : null;
  const { id, accountId } = await tokenOfArgs(db, args, "callback");
  if (!accountId || !(await setTokenCallback(db, id, callback))) {
    print(`No channel token with id ${id}.`);
    return 1;
  }
  if (args.options.json) {
    print(JSON.stringify({ id, callback_url: url ?? null, callback_secret: secret ?? null }));
  } else if (callback) {
    print(`Status callbacks of token ${id} go to ${callback.url}, signed per Standard Webhooks with:`);
    print("");
    print(`  ${callback.secret}`);
    print("");
    print("It is shown only now. Setting the URL again makes a new secret.");
  } else {
    print(`Token ${id} sends no status callbacks any more.`);
  }
  return 0;
}

function isHttpUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === "https:" || parsed.protocol === "http:";
  } catch {
    return false;
  }
}
