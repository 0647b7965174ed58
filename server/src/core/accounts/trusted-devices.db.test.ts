// Remembered devices on PGlite: at most DEVICES_PER_OWNER per owner, the most recent sign-ins kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { createOwnerSignIn } from "./owner-access.ts";
import { newSecret } from "./secret.ts";
import { DEVICES_PER_OWNER, trustDevice, trustedDeviceKey } from "./trusted-devices.ts";

let db: Database;
beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
});
afterAll(() => db.close());

describe("remembered devices", () => {
  it(`keeps at most ${DEVICES_PER_OWNER} per owner: each new sign-in forgets the oldest past it`, async () => {
    const { owner } = await createOwnerSignIn(db, "devices", "ana@devices.example", "http://localhost");
    const other = await createOwnerSignIn(db, "devices", "bo@devices.example", "http://localhost");
    const bos = newSecret();
    await trustDevice(db, bos, other.owner.id);
    const secrets: string[] = [];
    for (let i = 0; i < DEVICES_PER_OWNER + 10; i++) {
      const secret = newSecret();
      secrets.push(secret);
      await trustDevice(db, secret, owner.id);
      // Each sign-in a moment later than the one before, as in use.
      await db.query(
        "update owner_devices set expires_at = expires_at - make_interval(secs => $2) where owner_id = $1",
        [owner.id, 1],
      );
    }
    const [row] = await db.query<{ n: number }>(
      "select count(*)::int as n from owner_devices where owner_id = $1",
      [owner.id],
    );
    expect(row?.n).toBe(DEVICES_PER_OWNER);
    expect(await trustedDeviceKey(db, secrets.at(-1), "ana@devices.example")).toBeDefined();
    expect(await trustedDeviceKey(db, secrets[0], "ana@devices.example")).toBeUndefined();
    // Another owner's devices are not touched.
    expect(await trustedDeviceKey(db, bos, "bo@devices.example")).toBeDefined();
  });
});
