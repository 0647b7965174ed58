// `stl tokens create|list|revoke`: channel tokens of accounts, in the same database the server uses.
import type { Database } from "../db/database.ts";
import {
  createChannelToken,
  ensureAccount,
  listChannelTokens,
  revokeChannelToken,
} from "../modules/auth/token-repository.ts";
import { setTokenCallback } from "../modules/callbacks/callback-outbox.ts";
import { type ParsedArgs, stringOption, UsageError } from "./args.ts";

const SLUG = /^[a-z0-9][a-z0-9_-]{0,62}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Print = (line: string) => void;

export async function createTokenCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const slug = stringOption(args, "account");
  const name = stringOption(args, "name");
  if (!slug || !name) throw new UsageError("tokens create needs --account <slug> and --name <label>");
  if (!SLUG.test(slug)) throw new UsageError("--account: lowercase letters, digits, - and _, at most 63");
  const account = await ensureAccount(db, slug);
  const created = await createChannelToken(db, account.id, name);
  if (args.options.json) {
    print(
      JSON.stringify({
        id: created.id,
        token: created.token,
        account: slug,
        account_id: account.id,
        account_created: account.created,
        name,
        created_at: new Date(created.created_at).toISOString(),
      }),
    );
  } else {
    if (account.created) print(`Created account ${slug}.`);
    print(`Created channel token ${created.id} (${name}) for account ${slug}:`);
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
    }));
    print(JSON.stringify(rows));
    return 0;
  }
  if (tokens.length === 0) {
    print("No channel tokens.");
    return 0;
  }
  for (const t of tokens) {
    const status = t.revoked_at ? `revoked ${iso(t.revoked_at)}` : "active";
    const used = t.last_used_at ? `last used ${iso(t.last_used_at)}` : "never used";
    print(`${t.id}  ${t.account}  …${t.hint}  ${status}  ${used}  ${t.name}`);
  }
  return 0;
}

export async function revokeTokenCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const id = args.positionals[2];
  if (!id) throw new UsageError("tokens revoke needs the token id (see tokens list)");
  if (!UUID.test(id) || !(await revokeChannelToken(db, id))) {
    print(`No channel token with id ${id}.`);
    return 1;
  }
  print(`Revoked channel token ${id}. Servers refuse it within seconds (their lookup cache lasts 5 s).`);
  return 0;
}

/** A Standard Webhooks secret: "whsec_" + 32 random bytes in base64. */
const newCallbackSecret = () =>
  `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}`;

/**
 * `tokens callback <id> --url <https://…>` sets the token's status-callback URL with a new secret,
 * printed once; `--clear` removes both. Callbacks already queued for a cleared token are not sent.
 */
export async function tokenCallbackCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const id = args.positionals[2];
  const url = stringOption(args, "url");
  const clear = args.options.clear === true;
  if (!id || (!url && !clear) || (url && clear)) {
    throw new UsageError("tokens callback needs the token id and either --url <https://…> or --clear");
  }
  if (url && !isHttpUrl(url)) throw new UsageError("--url: an absolute http(s) URL");
  const secret = url ? newCallbackSecret() : undefined;
  const callback = url && secret ? { url, secret } : null;
  if (!UUID.test(id) || !(await setTokenCallback(db, id, callback))) {
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
