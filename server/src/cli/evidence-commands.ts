// `stl evidence verify|keys rotate|keys list`: check a lead's evidence record offline, and rotate the key records are signed with.
import { EVIDENCE_KEYS_PATH } from "@speed-to-lead/spec";
// The one verifier, the SDK's /evidence too: what a buyer or a court runs.
import { verifyEvidence } from "@speed-to-lead/spec/evidence-verify";
import { loadConfig } from "../config.ts";
import { listEvidenceKeys, rotateEvidenceKey } from "../core/evidence/evidence-keys.ts";
import { keySecretFileOf, readOrCreateKeySecret } from "../core/evidence/evidence-signing-key.ts";
import { type ParsedArgs, stringOption, UsageError } from "./args.ts";
import type { CliTranslate } from "./text/cli-dictionary.ts";
import type { Command, Print } from "./token-commands.ts";

/** A command that needs no database: anyone may run it anywhere, a server running on PGlite included. */
export type OfflineCommand = (
  args: ParsedArgs,
  print: Print,
  printError: Print,
  t: CliTranslate,
  /** The settings it reads (PUBLIC_URL, PORT): the process's own, or a test's. */
  env: Record<string, string | undefined>,
) => Promise<number>;

/** The most a record or key file may hold: 2,000 log entries fit in a few MB. */
const MAX_FILE_BYTES = 32 * 2 ** 20;
const FETCH_TIMEOUT_MS = 10_000;

async function readBounded(what: string): Promise<string> {
  if (/^https?:\/\//.test(what)) {
    const response = await fetch(what, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: "follow" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    if (body.byteLength > MAX_FILE_BYTES) throw new Error("too large");
    return new TextDecoder().decode(body);
  }
  const file = Bun.file(what);
  if (file.size > MAX_FILE_BYTES) throw new Error("too large");
  return await file.text();
}

export const evidenceVerifyCommand: OfflineCommand = async (args, print, printError, t, env) => {
  const file = args.positionals[2];
  if (!file) throw new UsageError("evidence.verify.needsFile");
  // Without --keys: the keys this installation's server publishes.
  const local = () => {
    const config = loadConfig(env);
    return `${config.publicUrl ?? `http://localhost:${config.port}`}${EVIDENCE_KEYS_PATH}`;
  };
  const keysFrom = stringOption(args, "keys") ?? local();
  const inputs: string[] = [];
  for (const what of [file, keysFrom]) {
    try {
      inputs.push(await readBounded(what));
    } catch (error) {
      printError(t("evidence.unreadable", { what, detail: (error as Error).message }));
      return 1;
    }
  }
  let keys: { keys: object[] };
  try {
    keys = JSON.parse(inputs[1]!);
    if (!Array.isArray(keys?.keys)) throw new Error("no keys");
  } catch (error) {
    printError(t("evidence.unreadable", { what: keysFrom, detail: (error as Error).message }));
    return 1;
  }
  const result = await verifyEvidence(inputs[0]!, keys);
  if (args.options.json) (result.ok ? print : printError)(JSON.stringify(result));
  else if (result.ok)
    print(
      t("evidence.verified", {
        kid: result.kid,
        seq: result.asOf.seq,
        at: result.asOf.at,
        generated: result.generatedAt,
      }),
    );
  else printError(t("evidence.failed", { why: t(`evidence.failed.${result.code}`), detail: result.reason }));
  return result.ok ? 0 : 1;
};

export const evidenceKeysRotateCommand: Command = async (db, args, print, t, config) => {
  if (config.databaseUrl || config.pgliteDir === "memory") {
    print(t("evidence.rotate.postgres"));
    return 1;
  }
  const key = await rotateEvidenceKey(db, readOrCreateKeySecret(keySecretFileOf(config.pgliteDir)));
  print(args.options.json ? JSON.stringify({ kid: key.kid }) : t("evidence.rotated", { kid: key.kid }));
  return 0;
};

/** `accounts trustedform <slug> --api-key <key> | --clear`: the key the account's certificates are claimed with. */
export const accountsTrustedformCommand: Command = async (db, args, print, t) => {
  const slug = args.positionals[2];
  const key = stringOption(args, "api-key")?.trim();
  if (!slug || (!key && !args.options.clear) || (key && args.options.clear))
    throw new UsageError("accounts.trustedform.needs");
  const rows = await db.query("update accounts set trustedform_api_key = $2 where slug = $1 returning id", [
    slug,
    key ?? null,
  ]);
  if (rows.length === 0) throw new UsageError("account.unknown", { slug });
  if (args.options.json) print(JSON.stringify({ account: slug, trustedform_claims: Boolean(key) }));
  else print(t(key ? "accounts.trustedform.set" : "accounts.trustedform.cleared", { slug }));
  return 0;
};

export const evidenceKeysListCommand: Command = async (db, args, print, t) => {
  const keys = await listEvidenceKeys(db);
  if (args.options.json) {
    print(JSON.stringify(keys));
    return 0;
  }
  if (keys.length === 0) print(t("evidence.keys.none"));
  for (const key of keys)
    print(
      t("evidence.key", {
        kid: key.kid,
        created: new Date(key.created_at).toISOString(),
        state: key.retired_at
          ? t("evidence.key.retired", { at: new Date(key.retired_at).toISOString() })
          : t("evidence.key.current"),
      }),
    );
  return 0;
};
