// The status-callback claim on a real embedded database: fair between tokens, no destination past its free slots,
// and a cleared URL closes the token's queue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { createTestToken, intakeRequest } from "../../testing/intake-requests.ts";
import { claimCallbacks, setTokenCallback } from "./callback-outbox.ts";

let db: Database;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  app = createApp({ db });
});
afterAll(() => db.close());

const SECRET = `whsec_${Buffer.from(new Uint8Array(24)).toString("base64")}`;

/** A token with a callback URL and `count` due callbacks of its leads. */
async function tokenWithQueue(url: string, count: number) {
  const { tokenId, token } = await createTestToken(db);
  await setTokenCallback(db, tokenId, { url, secret: SECRET });
  for (let i = 0; i < count; i++) {
    const response = await app.handle(
      intakeRequest({ email: `q${i}-${crypto.randomUUID()}@example.com` }, { token }),
    );
    const { id } = (await response.json()) as { id: string };
    await db.query(
      `insert into status_callbacks (id, lead_id, channel_token_id, type, next_attempt_at)
       values (gen_random_uuid(), $1, $2, 'lead.not_called', now() - interval '1 minute')`,
      [id, tokenId],
    );
  }
  return tokenId;
}

const claim = (limit: number, busy: Map<string, number> = new Map()) =>
  claimCallbacks(db, { limit, leaseMs: 60_000, perDestination: 2, busy });

describe("claimCallbacks", () => {
  it("takes each token's oldest callback round by round, and no destination past its free slots", async () => {
    const backlog = await tokenWithQueue("https://slow.example/hook", 6);
    const small = await tokenWithQueue("https://Fast.example:8443/a", 1);
    const other = await tokenWithQueue("https://fast.example:8443/b", 1);
    const claimed = await claim(3);
    const tokenOf = async (id: string) =>
      (
        await db.query<{ t: string }>(
          "select channel_token_id::text as t from status_callbacks where id = $1",
          [id],
        )
      )[0]!.t;
    const tokens = await Promise.all(claimed.map((c) => tokenOf(c.id)));
    // The backlog's callbacks are older, yet each token gets one before any gets a second.
    expect(tokens.sort()).toEqual([backlog, small, other].sort());
    expect(new Set(claimed.map((c) => c.destination))).toEqual(
      new Set(["https://slow.example", "https://fast.example:8443"]),
    );
    // The slow destination's two slots are taken: nothing more of it until one frees.
    expect(await claim(4, new Map([["https://slow.example", 2]]))).toEqual([]);
    expect(await claim(4, new Map([["https://slow.example", 1]]))).toHaveLength(1);
  });

  it("closes the queued callbacks of a token whose URL is cleared", async () => {
    const tokenId = await tokenWithQueue("https://gone.example/hook", 2);
    await setTokenCallback(db, tokenId, null);
    const rows = await db.query<{ status: string; last_error: string }>(
      "select status, last_error from status_callbacks where channel_token_id = $1",
      [tokenId],
    );
    expect(rows).toEqual([
      { status: "failed", last_error: "the token's callback URL was cleared" },
      { status: "failed", last_error: "the token's callback URL was cleared" },
    ]);
  });
});
