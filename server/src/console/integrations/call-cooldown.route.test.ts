// The account's call cool-down on the Integrations page, through app.handle on PGlite with a fixed clock: the field
// and its current value, bad input answered beside the field (English and Spanish), CSRF, the password again after
// 10 minutes, the audit row, another account untouched, and the intake following what was saved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { auditEvents } from "../../core/accounts/audit-log.ts";
import { readCallCooldown } from "../../core/accounts/call-cooldown-setting.ts";
import { createChannelToken } from "../../core/accounts/token-repository.ts";
import type { Database } from "../../db/database.ts";
import { signedInOwner } from "../../testing/console-client.ts";
import { elementTexts } from "../../testing/element-texts.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { completeConsent, intakeRequest } from "../../testing/intake-requests.ts";

const MINUTE = 60_000;
let db: Database;
let app: App;
let now = Date.now();
const handle = (request: Request) => app.handle(request);

beforeAll(async () => {
  db = await createMemoryDatabase();
  app = createApp({ db, rateLimit: { perSecond: 0, burst: 0 }, clock: () => now });
});
afterAll(() => db?.close());

describe("the call cool-down on the Integrations page", () => {
  it("shows the account's cool-down, refuses bad input beside the field, saves with an audit row", async () => {
    const { client, accountId } = await signedInOwner(db, handle, "cooldown-acme", "ana@cooldown.example");
    const { accountId: otherAccount } = await signedInOwner(db, handle, "cooldown-other", "bo@other.example");
    const page = await (await client.get("/console/integrations")).text();
    expect(await elementTexts(page, "#cooldown-section label")).toEqual([
      "Hours between calls to one number",
    ]);
    expect(page).toMatch(/id="cooldown-hours" name="hours" type="text" value="24"/);

    for (const bad of ["", "1.5", "-1", "169", "1e2", "twelve"]) {
      const refused = await client.post("/console/integrations/cooldown", { hours: bad });
      expect(refused.status, bad).toBe(422);
      const html = await refused.text();
      expect(await elementTexts(html, "#cooldown-hours-error"), bad).toEqual([
        "Enter whole hours from 0 to 168 (0 turns the cool-down off).",
      ]);
      expect(html, bad).toContain('aria-invalid="true"');
    }
    const spanish = await client.post(
      "/console/integrations/cooldown",
      { hours: "500" },
      { headers: { "accept-language": "es" } },
    );
    expect(await elementTexts(await spanish.text(), "#cooldown-hours-error")).toEqual([
      "Escriba horas enteras de 0 a 168 (0 desactiva el periodo de espera).",
    ]);
    // Refused without the page's CSRF token.
    expect(
      (await client.post("/console/integrations/cooldown", { hours: "6" }, { csrf: false })).status,
    ).toBe(403);
    expect(await readCallCooldown(db, accountId)).toBe(24);

    const saved = await client.post("/console/integrations/cooldown", { hours: " 6 " });
    expect(saved.status).toBe(303);
    const shown = await (await client.follow(saved)).text();
    expect(await elementTexts(shown, "#confirmation")).toEqual([
      "Call cool-down set to 6 h. Servers use it within 5 seconds.",
    ]);
    expect(shown).toMatch(/id="cooldown-hours" name="hours" type="text" value="6"/);
    expect(await readCallCooldown(db, accountId)).toBe(6);
    expect(await readCallCooldown(db, otherAccount)).toBe(24);
    const [row] = await auditEvents(db, accountId, { action: "cooldown.changed" }, 10);
    expect(row).toMatchObject({ actor_email: "ana@cooldown.example", target: "6 h" });
    const audit = await (await client.get("/console/audit")).text();
    expect(audit).toContain("Call cool-down changed");

    const off = await client.follow(await client.post("/console/integrations/cooldown", { hours: "0" }));
    expect(await elementTexts(await off.text(), "#confirmation")).toEqual([
      "Call cool-down turned off: every call-eligible lead starts its own call.",
    ]);
    expect(await readCallCooldown(db, accountId)).toBe(0);
  });

  it("asks for the password again after 10 minutes before changing it", async () => {
    const { client, accountId } = await signedInOwner(db, handle, "cooldown-late", "cy@cooldown.example");
    await client.get("/console/integrations");
    now += 10 * MINUTE + 1_000;
    const asked = await client.post("/console/integrations/cooldown", { hours: "0" });
    expect(asked.headers.get("location")).toMatch(/^\/console\/confirm\?next=/);
    expect(await readCallCooldown(db, accountId)).toBe(24);
  });

  it("the intake follows the saved cool-down: off, two fresh leads for one number both start a call", async () => {
    const { client, accountId } = await signedInOwner(db, handle, "cooldown-intake", "di@cooldown.example");
    const page = await createChannelToken(db, accountId, "Website form", "intake");
    const reasonsAfter = async (hours: string, phone: string) => {
      await client.get("/console/integrations");
      expect((await client.post("/console/integrations/cooldown", { hours })).status).toBe(303);
      // A fresh app: a token's account settings are cached up to 4 s.
      const fresh = createApp({ db, rateLimit: { perSecond: 0, burst: 0 } });
      for (const email of ["a@example.com", "b@example.com"]) {
        const lead = { phone, email, consent: completeConsent() };
        expect((await fresh.handle(intakeRequest(lead, { token: page.token }))).status).toBe(201);
      }
      const rows = await db.query<{ reason: string | null }>(
        "select response_reason as reason from leads where account_id = $1 and phone = $2 order by received_at",
        [accountId, phone],
      );
      return rows.map((row) => row.reason);
    };
    expect(await reasonsAfter("0", "+14155550181")).toEqual([null, null]);
    expect(await reasonsAfter("12", "+14155550182")).toEqual([null, "called_recently"]);
  });
});
