// The sender's question "does any token have a callback URL?" on a real embedded database: asked once, kept, asked again when told.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Queryable } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { createTestToken } from "../../testing/intake-requests.ts";
import { setTokenCallback } from "./callback-outbox.ts";
import { CallbackUrls } from "./callback-urls.ts";

let db: Database;
beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
});
afterAll(() => db.close());

/** The database, counting the statements sent through it. */
function counted(inner: Queryable) {
  const counter = { statements: 0 };
  const queryable: Queryable = {
    query<T>(text: string, params?: unknown[]) {
      counter.statements++;
      return inner.query<T>(text, params);
    },
  };
  return { queryable, counter };
}

describe("CallbackUrls", () => {
  it("keeps 'no URL' without asking again until told a URL changed, then keeps 'some URL'", async () => {
    const { tokenId } = await createTestToken(db);
    const { queryable, counter } = counted(db);
    const urls = new CallbackUrls(queryable);
    expect(await urls.any()).toBe(false);
    await setTokenCallback(db, tokenId, { url: "https://example.com/hook", secret: "whsec_x" });
    // Not told yet: the kept answer, no statement.
    expect(await urls.any()).toBe(false);
    expect(counter.statements).toBe(1);

    urls.changed();
    expect(await urls.any()).toBe(true);
    expect(await urls.any()).toBe(true);
    expect(counter.statements).toBe(2);

    await setTokenCallback(db, tokenId, null);
    urls.changed();
    expect(await urls.any()).toBe(false);
  });

  it("asks again after its recheck interval without being told", async () => {
    const { tokenId } = await createTestToken(db);
    await setTokenCallback(db, tokenId, null);
    const urls = new CallbackUrls(db, 0);
    expect(await urls.any()).toBe(false);
    await setTokenCallback(db, tokenId, { url: "https://example.com/hook", secret: "whsec_x" });
    expect(await urls.any()).toBe(true);
  });
});
