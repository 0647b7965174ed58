// The authenticator against a real embedded database: revocation within its cache time, exact expiry of rolled tokens.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { createTestToken } from "../../testing/intake-requests.ts";
import { createAuthenticator } from "./authenticator.ts";
import { generateChannelToken, tokenHint } from "./channel-token.ts";
import { hashSecret } from "./secret.ts";
import { revokeAccountToken, rollAccountToken } from "./token-service.ts";

let db: Database;
beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
});
afterAll(() => db.close());

/** A clock the test moves; the database keeps its own (real) time. */
function testClock() {
  let at = Date.now();
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

describe("the authenticator", () => {
  it("gives the token's scope, narrowed by its prefix: a stl_pk_ token stays intake-only if its row says read", async () => {
    const read = await createTestToken(db);
    const intake = await createTestToken(db, undefined, "intake");
    const auth = createAuthenticator(db);
    const scopeOf = async (token: string) => {
      const result = await auth.authenticate(token);
      return result.ok ? result.identity.scope : result.code;
    };
    expect([await scopeOf(read.token), await scopeOf(intake.token)]).toEqual(["read", "intake"]);
    await db.query("update channel_tokens set scope = 'read' where id = $1", [intake.tokenId]);
    expect(await scopeOf(intake.token)).toBe("intake");
    expect(await createAuthenticator(db).authenticate(intake.token)).toMatchObject({
      identity: { scope: "intake" },
    });
  });

  it("a token stored as before scopes (no scope column written) is a read token", async () => {
    const { accountId } = await createTestToken(db);
    const token = generateChannelToken("read");
    await db.query(
      "insert into channel_tokens (id, account_id, name, token_hash, token_hint) values ($1, $2, 'old', $3, $4)",
      [crypto.randomUUID(), accountId, hashSecret(token), tokenHint(token)],
    );
    expect(await createAuthenticator(db).authenticate(token)).toMatchObject({
      ok: true,
      identity: { scope: "read" },
    });
  });

  it("refuses a revoked token once its cached lookup is older than 4 s, so within 5 s in every process", async () => {
    const { accountId, tokenId, token } = await createTestToken(db);
    const clock = testClock();
    const auth = createAuthenticator(db, { now: clock.now });
    expect((await auth.authenticate(token)).ok).toBe(true);
    await revokeAccountToken(db, accountId, tokenId);
    clock.advance(3_900);
    expect((await auth.authenticate(token)).ok).toBe(true);
    clock.advance(200);
    expect(await auth.authenticate(token)).toEqual({
      ok: false,
      code: "token_revoked",
      known: { tokenId, accountId },
    });
  });

  it("answers a token found valid before for a limited address, still seeing a revocation; never an unknown one", async () => {
    const { accountId, tokenId, token } = await createTestToken(db);
    const other = await createTestToken(db);
    const clock = testClock();
    const auth = createAuthenticator(db, { now: clock.now });
    expect(await auth.authenticateIfKnown(token)).toBeUndefined();
    expect((await auth.authenticate(token)).ok).toBe(true);
    clock.advance(30 * 60_000);
    expect((await auth.authenticateIfKnown(token))?.ok).toBe(true);
    expect(await auth.authenticateIfKnown(other.token)).toBeUndefined();
    await revokeAccountToken(db, accountId, tokenId);
    clock.advance(4_100);
    expect(await auth.authenticateIfKnown(token)).toEqual({
      ok: false,
      code: "token_revoked",
      known: { tokenId, accountId },
    });
  });

  it("refuses a rolled token at its expiry exactly, even from the cache", async () => {
    const { accountId, tokenId, token } = await createTestToken(db);
    const rolled = await rollAccountToken(db, accountId, tokenId, "1h");
    if (!rolled.ok) throw new Error(rolled.code);
    const clock = testClock();
    const auth = createAuthenticator(db, { now: clock.now, cacheTtlMs: 10 * 60 * 60 * 1000 });
    expect((await auth.authenticate(token)).ok).toBe(true);
    expect((await auth.authenticate(rolled.token)).ok).toBe(true);
    clock.advance(new Date(rolled.oldExpiresAt).getTime() - clock.now() - 1_000);
    expect((await auth.authenticate(token)).ok).toBe(true);
    clock.advance(1_000);
    expect(await auth.authenticate(token)).toEqual({
      ok: false,
      code: "token_expired",
      known: { tokenId, accountId },
    });
    expect((await auth.authenticate(rolled.token)).ok).toBe(true);
  });

  it("rolls only active tokens, and never extends an expiry", async () => {
    const { accountId, tokenId } = await createTestToken(db);
    const first = await rollAccountToken(db, accountId, tokenId, "1h");
    const again = await rollAccountToken(db, accountId, tokenId, "7d");
    if (!first.ok || !again.ok) throw new Error("roll refused");
    expect(new Date(again.oldExpiresAt).getTime()).toBe(new Date(first.oldExpiresAt).getTime());
    await revokeAccountToken(db, accountId, tokenId);
    expect(await rollAccountToken(db, accountId, tokenId, "now")).toEqual({ ok: false, code: "not_active" });
    const other = await createTestToken(db);
    expect(await rollAccountToken(db, other.accountId, tokenId, "now")).toEqual({
      ok: false,
      code: "not_found",
    });
  });
});
