// One-time notices for the page a console form redirects to (POST-redirect-GET): sealed under the session's secret,
// taken once, so reloading the page shows neither the confirmation nor a secret again.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Queryable } from "../../db/database.ts";
import { isUuid } from "../../db/uuid-text.ts";
import { hashSecret } from "./secret.ts";

/** A notice not taken within this time is dropped (the redirect is followed at once). */
const NOTICE_TTL_SECONDS = 10 * 60;

const keyOf = (sessionSecret: string) => createHmac("sha256", sessionSecret).update("owner-notice").digest();

function seal(sessionSecret: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(sessionSecret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

function open(sessionSecret: string, sealed: string): unknown {
  const bytes = Buffer.from(sealed, "base64");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(sessionSecret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8"));
}

/** Stores `value` for this session; returns the id the redirect carries. */
export async function leaveNotice(q: Queryable, sessionSecret: string, value: unknown): Promise<string> {
  const id = randomUUID();
  await q.query("insert into owner_notices (id, session_hash, sealed) values ($1, $2, $3)", [
    id,
    hashSecret(sessionSecret),
    seal(sessionSecret, value),
  ]);
  return id;
}

/** The notice of this id and session, deleted as it is read; undefined the second time (a reload). */
export async function takeNotice(q: Queryable, sessionSecret: string, id: string): Promise<unknown> {
  if (!isUuid(id)) return undefined;
  const sessionHash = hashSecret(sessionSecret);
  const [row] = await q.query<{ sealed: string; fresh: boolean }>(
    `delete from owner_notices where id = $1 and session_hash = $2
     returning sealed, created_at > now() - make_interval(secs => $3) as fresh`,
    [id, sessionHash, NOTICE_TTL_SECONDS],
  );
  await q.query(
    "delete from owner_notices where session_hash = $1 and created_at < now() - make_interval(secs => $2)",
    [sessionHash, NOTICE_TTL_SECONDS],
  );
  if (!row?.fresh) return undefined;
  try {
    return open(sessionSecret, row.sealed);
  } catch {
    return undefined;
  }
}
