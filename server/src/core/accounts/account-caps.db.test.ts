// Per-account caps checked and inserted in one transaction, on PGlite and PostgreSQL: however many creates come at
// once, an account never holds more than TOKENS_PER_ACCOUNT active tokens or PENDING_INVITATIONS_PER_ACCOUNT invitations.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { BACKENDS, type HandoffFixture, openHandoffFixtureOn } from "../../testing/handoff-fixture.ts";
import { inviteOwner, PENDING_INVITATIONS_PER_ACCOUNT } from "./invitations.ts";
import { ensureAccount } from "./token-repository.ts";
import { createAccountToken, TOKENS_PER_ACCOUNT } from "./token-service.ts";

describe.each(BACKENDS)("account caps on %s", (backend) => {
  let fixture: HandoffFixture;
  let db: Database;
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
    db = fixture.db;
  });
  afterAll(() => fixture?.close());

  it(`lets exactly ${TOKENS_PER_ACCOUNT} tokens through of ${TOKENS_PER_ACCOUNT + 20} created at once`, async () => {
    const account = await ensureAccount(db, `caps-tokens-${backend}`);
    const results = await Promise.all(
      Array.from({ length: TOKENS_PER_ACCOUNT + 20 }, (_, i) =>
        createAccountToken(db, account.id, `t${i}`, "intake"),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(TOKENS_PER_ACCOUNT);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? "" : r.code))).toEqual(
      Array(20).fill("too_many_tokens"),
    );
    // A revoked token frees its place.
    await db.query("update channel_tokens set revoked_at = now() where account_id = $1 and name = 't0'", [
      account.id,
    ]);
    expect((await createAccountToken(db, account.id, "again", "intake")).ok).toBe(true);
  });

  it(`lets exactly ${PENDING_INVITATIONS_PER_ACCOUNT} invitations through of 30 made at once`, async () => {
    const account = await ensureAccount(db, `caps-invites-${backend}`);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        inviteOwner(db, { accountId: account.id, email: `p${i}@caps.example` }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(PENDING_INVITATIONS_PER_ACCOUNT);
  });
});
