// A token's settings on the Integrations page, through app.handle on PostgreSQL: an intake-only token's bot check,
// honeypot and origins (a bad origin answered beside its field), a read token's reach over other channels, and
// another account's token as the 404 page. The intake then follows what was saved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { readTokenSettings } from "../../core/accounts/intake-guard.ts";
import { createChannelToken } from "../../core/accounts/token-repository.ts";
import type { Database } from "../../db/database.ts";
import { signedInOwner } from "../../testing/console-client.ts";
import { elementTexts } from "../../testing/element-texts.ts";
import { intakeRequest } from "../../testing/intake-requests.ts";
import { ANY_BACKEND, openTestDatabase } from "../../testing/test-database.ts";

let db: Database;
let app: App;
const handle = (request: Request) => app.handle(request);
beforeAll(async () => {
  db = await openTestDatabase(ANY_BACKEND);
  app = createApp({ db, rateLimit: { perSecond: 0, burst: 0 } });
});
afterAll(() => db?.close());

describe("a token's settings on the Integrations page", () => {
  it("saves an intake-only token's bot check, honeypot and origins; the intake follows them", async () => {
    const { client, accountId } = await signedInOwner(db, handle, "settings-acme", "ana@settings.example");
    const form = await createChannelToken(db, accountId, "Website form", "intake");
    const listing = await (await client.get("/console/integrations")).text();
    expect(listing).toContain(`/console/integrations/tokens/${form.id}/settings`);
    const page = await client.get(`/console/integrations/tokens/${form.id}/settings`);
    expect(page.status).toBe(200);
    const labels = await elementTexts(await page.text(), "form label");
    expect(labels).toEqual([
      "Require a bot check (Cloudflare Turnstile or hCaptcha)",
      "Honeypot field",
      "Allowed origins",
    ]);

    const bad = await client.post(`/console/integrations/tokens/${form.id}/settings`, {
      bot_check: "on",
      honeypot: "website",
      origins: "https://forms.example.com/contact",
    });
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(await elementTexts(badHtml, "#origins-error")).toEqual([
      expect.stringContaining("Up to 20 origins"),
    ]);
    expect(badHtml).toContain('value="https://forms.example.com/contact"');

    const saved = await client.follow(
      await client.post(`/console/integrations/tokens/${form.id}/settings`, {
        bot_check: "on",
        honeypot: "website",
        origins: "https://Forms.example.com, https://landing.example.com",
      }),
    );
    expect(await saved.text()).toContain("Saved the settings of “Website form”");
    expect(await readTokenSettings(db, accountId, form.id)).toEqual({
      scope: "intake",
      readsAllChannels: false,
      botCheckRequired: true,
      honeypotField: "website",
      allowedOrigins: ["https://forms.example.com", "https://landing.example.com"],
    });
    // A fresh app reads the token's settings now (a token is cached up to 4 s).
    const fresh = createApp({ db, rateLimit: { perSecond: 0, burst: 0 } });
    const elsewhere = await fresh.handle(
      intakeRequest(
        { email: "e@example.com" },
        { token: form.token, headers: { origin: "https://evil.example" } },
      ),
    );
    expect([elsewhere.status, ((await elsewhere.json()) as { code: string }).code]).toEqual([
      403,
      "origin_not_allowed",
    ]);
    const listed = await fresh.handle(
      intakeRequest(
        { email: "e@example.com" },
        { token: form.token, headers: { origin: "https://forms.example.com" } },
      ),
    );
    expect(listed.status).toBe(201);
  });

  it("turns a read token's reach over other channels on and off; another account's token is not found", async () => {
    const { client, accountId } = await signedInOwner(db, handle, "settings-reads", "bo@settings.example");
    const crm = await createChannelToken(db, accountId, "CRM", "read");
    const page = await (await client.get(`/console/integrations/tokens/${crm.id}/settings`)).text();
    expect(await elementTexts(page, "form label")).toEqual([
      "Read the leads other tokens of the account posted",
    ]);
    await client.post(`/console/integrations/tokens/${crm.id}/settings`, { reads_all_channels: "on" });
    expect((await readTokenSettings(db, accountId, crm.id))?.readsAllChannels).toBe(true);
    await client.get(`/console/integrations/tokens/${crm.id}/settings`);
    await client.post(`/console/integrations/tokens/${crm.id}/settings`, {});
    expect((await readTokenSettings(db, accountId, crm.id))?.readsAllChannels).toBe(false);

    const { accountId: otherAccount } = await signedInOwner(db, handle, "settings-other", "cy@other.example");
    const theirs = await createChannelToken(db, otherAccount, "Theirs", "read");
    expect((await client.get(`/console/integrations/tokens/${theirs.id}/settings`)).status).toBe(404);
    expect(
      (await client.post(`/console/integrations/tokens/${theirs.id}/settings`, { reads_all_channels: "on" }))
        .status,
    ).toBe(404);
    expect((await readTokenSettings(db, otherAccount, theirs.id))?.readsAllChannels).toBe(false);
  });
});
