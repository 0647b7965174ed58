// `stl tokens create|list|revoke|rename|roll`: channel tokens of accounts, in the same database the server uses.

import type { ServerConfig } from "../config.ts";
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
  TOKENS_PER_ACCOUNT,
  tokenAccountId,
  tokenNameProblem,
} from "../core/accounts/token-service.ts";
import { setTokenCallback } from "../core/callbacks/callback-outbox.ts";
import type { Database } from "../db/database.ts";
import { checkDestination } from "../http/public-destination.ts";
import { type ParsedArgs, stringOption, UsageError } from "./args.ts";
import { operatorChange } from "./operator-audit.ts";
import type { CliTranslate } from "./text/cli-dictionary.ts";

/** The same rule as the Integrations page, said as a usage error. */
function checkName(name: string) {
  if (tokenNameProblem(name)) throw new UsageError("tokens.nameInvalid", { max: TOKEN_NAME_MAX_LENGTH });
}

export type Print = (line: string) => void;

/** One command: its database, its arguments, where it prints, its language, and the settings of the run. */
export type Command = (
  db: Database,
  args: ParsedArgs,
  print: Print,
  t: CliTranslate,
  config: ServerConfig,
) => Promise<number>;

export const createTokenCommand: Command = async (db, args, print, t) => {
  const slug = stringOption(args, "account");
  const name = stringOption(args, "name");
  if (!slug || !name) throw new UsageError("tokens.create.needs");
  if (!ACCOUNT_SLUG.test(slug)) throw new UsageError("account.slugInvalid");
  checkName(name);
  const scope = stringOption(args, "scope") ?? DEFAULT_TOKEN_SCOPE;
  if (!isTokenScope(scope)) throw new UsageError("tokens.scopeInvalid");
  const account = await ensureAccount(db, slug);
  const created = await operatorChange(
    db,
    args,
    "token.created",
    (db) => createAccountToken(db, account.id, name, scope),
    (result) => (result.ok ? { accountId: account.id, target: name.trim() } : undefined),
  );
  if (!created.ok && created.code === "too_many_tokens") {
    print(t("tokens.tooMany", { slug, max: TOKENS_PER_ACCOUNT }));
    return 1;
  }
  if (!created.ok) throw new UsageError("tokens.nameInvalid", { max: TOKEN_NAME_MAX_LENGTH });
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
    if (account.created) print(t("account.created", { slug }));
    const scopeWords = t(scope === "intake" ? "tokens.scope.intake" : "tokens.scope.read");
    print(t("tokens.created", { id: created.id, name, slug, scope: scopeWords }));
    print("");
    print(`  ${created.token}`);
    print("");
    print(t("tokens.created.once"));
  }
  return 0;
};

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export const listTokensCommand: Command = async (db, args, print, t) => {
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
    print(t("tokens.none"));
    return 0;
  }
  for (const token of tokens) {
    const expired = token.expires_at && new Date(token.expires_at).getTime() <= Date.now();
    const status = token.revoked_at
      ? t("tokens.status.revoked", { at: iso(token.revoked_at)! })
      : token.expires_at
        ? t(expired ? "tokens.status.expired" : "tokens.status.expires", { at: iso(token.expires_at)! })
        : t("status.active");
    const used = token.last_used_at
      ? t("tokens.lastUsed", { at: iso(token.last_used_at)! })
      : t("tokens.neverUsed");
    const shown = `${tokenPrefix(token.scope)}…${token.hint}`;
    print(`${token.id}  ${token.account}  ${shown}  ${token.scope}  ${status}  ${used}  ${token.name}`);
  }
  return 0;
};

/** The token's id (third word) and its account: the CLI acts as that account's owner would. */
async function tokenOfArgs(db: Database, args: ParsedArgs, command: string) {
  const id = args.positionals[2];
  if (!id) throw new UsageError("tokens.needsId", { command });
  return { id, accountId: await tokenAccountId(db, id) };
}

export const revokeTokenCommand: Command = async (db, args, print, t) => {
  const { id, accountId } = await tokenOfArgs(db, args, "revoke");
  const revoked = accountId
    ? await operatorChange(
        db,
        args,
        "token.revoked",
        (db) => revokeAccountToken(db, accountId, id),
        (result) => (result.ok ? { accountId, target: id } : undefined),
      )
    : undefined;
  if (!revoked?.ok) {
    print(t("tokens.unknown", { id }));
    return 1;
  }
  print(t("tokens.revoked", { id }));
  return 0;
};

export const renameTokenCommand: Command = async (db, args, print, t) => {
  const name = stringOption(args, "name");
  if (!name) throw new UsageError("tokens.rename.needs");
  checkName(name);
  const { id, accountId } = await tokenOfArgs(db, args, "rename");
  if (!accountId || !(await renameAccountToken(db, accountId, id, name)).ok) {
    print(t("tokens.unknown", { id }));
    return 1;
  }
  print(t("tokens.renamed", { id, name: name.trim() }));
  return 0;
};

export const rollTokenCommand: Command = async (db, args, print, t) => {
  const expiry = stringOption(args, "expires-in") ?? "";
  if (!isRollExpiry(expiry)) throw new UsageError("tokens.roll.needs");
  const { id, accountId } = await tokenOfArgs(db, args, "roll");
  const rolled = accountId
    ? await operatorChange(
        db,
        args,
        "token.rolled",
        (db) => rollAccountToken(db, accountId, id, expiry),
        (result) => (result.ok ? { accountId, target: result.name } : undefined),
      )
    : undefined;
  if (!rolled?.ok) {
    print(t(rolled?.code === "not_active" ? "tokens.notActive" : "tokens.unknown", { id }));
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
  print(t("tokens.rolled", { id, name: rolled.name, newId: rolled.id }));
  print("");
  print(`  ${rolled.token}`);
  print("");
  print(t("tokens.rolled.once", { at: oldExpiresAt }));
  return 0;
};

/**
 * `tokens callback <id> --url <https://…>` sets the token's status-callback URL with a new secret,
 * printed once; `--clear` removes both and closes the callbacks still queued. The destination must be public
 * (resolved, every address checked) unless CALLBACK_ALLOW_PRIVATE=true.
 */
export const tokenCallbackCommand: Command = async (db, args, print, t, config) => {
  const url = stringOption(args, "url");
  const clear = args.options.clear === true;
  if (!args.positionals[2] || (!url && !clear) || (url && clear)) {
    throw new UsageError("tokens.callback.needs");
  }
  if (url && !isHttpUrl(url)) throw new UsageError("tokens.callback.urlInvalid");
  if (url) {
    // Checked again at every delivery: a name may point elsewhere later.
    const destination = await checkDestination(url, { allowPrivate: config.callbacks.allowPrivate });
    if (!destination.ok) {
      // The host and the address at fault fill the sentence; the English reason is the log's.
      const { ok: _, reason: __, code, ...where } = destination;
      throw new UsageError(`tokens.callback.${code}`, where);
    }
  }
  const secret = url ? newWebhookSecret() : undefined;
  const callback = url && secret ? { url, secret } : null;
  const { id, accountId } = await tokenOfArgs(db, args, "callback");
  const changed =
    accountId &&
    (await operatorChange(
      db,
      args,
      "callback.changed",
      (db) => setTokenCallback(db, id, callback),
      (set) => (set ? { accountId, target: url ?? "" } : undefined),
    ));
  if (!changed) {
    print(t("tokens.unknown", { id }));
    return 1;
  }
  if (args.options.json) {
    print(JSON.stringify({ id, callback_url: url ?? null, callback_secret: secret ?? null }));
  } else if (callback) {
    print(t("tokens.callback.set", { id, url: callback.url }));
    print("");
    print(`  ${callback.secret}`);
    print("");
    print(t("tokens.callback.once"));
  } else {
    print(t("tokens.callback.cleared", { id }));
  }
  return 0;
};

function isHttpUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === "https:" || parsed.protocol === "http:";
  } catch {
    return false;
  }
}
