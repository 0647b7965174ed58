// A change and its audit row commit together or not at all (auditedChange), on PGlite: a service that opens its own
// transaction joins the caller's; an audit row that cannot be written takes the change back with it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { type AuditEvent, auditedChange } from "./audit-log.ts";
import { DEFAULT_TOKEN_SCOPE } from "./channel-token.ts";
import { ensureAccount } from "./token-repository.ts";
import { createAccountToken, revokeAccountToken } from "./token-service.ts";

let db: Database;
beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
});
afterAll(() => db.close());

const rowsOf = async (action: string) =>
  (
    await db.query<{ n: number }>("select count(*)::int as n from audit_events where action = $1", [action])
  )[0]!.n;
const revoked = async (id: string) =>
  (
    await db.query<{ r: boolean }>("select revoked_at is not null as r from channel_tokens where id = $1", [
      id,
    ])
  )[0]!.r;

describe("a change and its audit row", () => {
  it("commits both; a service with its own transaction (token create) joins the caller's", async () => {
    const account = await ensureAccount(db, "audited-both");
    const event = (target: string): AuditEvent => ({
      action: "token.created",
      accountId: account.id,
      target,
    });
    const created = await auditedChange(
      db,
      (joined) => createAccountToken(joined, account.id, "Website", DEFAULT_TOKEN_SCOPE),
      (result) => (result.ok ? event("Website") : undefined),
    );
    expect(created.ok).toBe(true);
    expect(await rowsOf("token.created")).toBe(1);
  });

  it("writes no row when nothing changed", async () => {
    const account = await ensureAccount(db, "audited-none");
    const result = await auditedChange(
      db,
      (joined) => revokeAccountToken(joined, account.id, "0190f5a0-0000-7000-8000-000000000000"),
      (done) => (done.ok ? { action: "token.revoked", accountId: account.id } : undefined),
    );
    expect(result.ok).toBe(false);
    expect(await rowsOf("token.revoked")).toBe(0);
  });

  it("takes the change back when its audit row cannot be written", async () => {
    const account = await ensureAccount(db, "audited-fails");
    const token = await createAccountToken(db, account.id, "Kiosk", DEFAULT_TOKEN_SCOPE);
    if (!token.ok) throw new Error("token not created");
    // An audit row the database refuses: a target that is not text of this encoding (NUL).
    await expect(
      auditedChange(
        db,
        (joined) => revokeAccountToken(joined, account.id, token.id),
        (done) =>
          done.ok ? { action: "token.revoked", accountId: account.id, target: "bad\u0000name" } : undefined,
      ),
    ).rejects.toThrow();
    expect(await revoked(token.id)).toBe(false);
    expect(await rowsOf("token.revoked")).toBe(0);
  });
});
