// The lead inbox in a real headless Chromium, served by one server process while leads go to another on the same
// PostgreSQL, with a fake assistant acknowledging hand-offs: leads appear live, hand-offs turn "handed off", filters,
// search, CSV, the detail view and "hand off again", Spanish, a dropped stream caught up without duplicates, and
// a catalogue of hostile fields that stays inert. axe-core on every page; screenshots in artifacts/screenshots/.
import { consentBlock, createLeadClient } from "@speed-to-lead/sdk";
import { createDatabase } from "@speed-to-lead/server/testing/postgres-cluster";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import {
  CHROMIUM_PATH,
  type ConsoleBrowser,
  openConsoleBrowser,
  submitNewPassword,
} from "@speed-to-lead/tests/harness/console-browser";
import {
  assistantAwaitingOwnerEnv,
  ownerSignInLink,
  startMigratedServers,
} from "@speed-to-lead/tests/harness/console-servers";
import type {} from "@speed-to-lead/tests/harness/global-setup";
import type { ServerProcess } from "@speed-to-lead/tests/harness/server-process";
import { startTcpLink, type TcpLink } from "@speed-to-lead/tests/harness/tcp-link";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type FakeAssistant, startFakeAssistant } from "../../testing/fake-assistant.ts";
import { HOSTILE_SELECTORS, hostileLead, XSS_PAYLOADS } from "../../testing/hostile-leads.ts";

if (!CHROMIUM_PATH) console.warn("inbox browser test skipped: no chromium (apt-get install chromium)");

const PASSWORD = "violet-harbor-42";
describe.skipIf(!CHROMIUM_PATH)(
  "the lead inbox in Chromium",
  () => {
    let env: Record<string, string>;
    let a: ServerProcess;
    let b: ServerProcess;
    let assistant: FakeAssistant;
    /** Between the browser and server a: cut to drop the live stream, as a network outage would. */
    let proxy: TcpLink;
    let base: string;
    let chromium: ConsoleBrowser;
    let page: Page;
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      assistant = startFakeAssistant();
      env = {
        DATABASE_URL: await createDatabase(inject("postgresAdminUrl")),
        ...assistantAwaitingOwnerEnv(assistant),
      };
      [a, b] = await startMigratedServers(env, 2);
      proxy = await startTcpLink(a.port);
      base = `http://127.0.0.1:${proxy.port}`;
      for (const name of ["Website form", "Partner feed"]) {
        tokens[name] = (await seedToken(env, "acme", name)).token;
      }
      // An owner in New York: every time on the pages is in that zone, UTC in the tooltip.
      chromium = await openConsoleBrowser("axe-results-inbox.json", { timezoneId: "America/New_York" });
      page = chromium.page;
    });
    afterAll(async () => {
      await chromium?.close();
      await proxy?.close();
      await Promise.all([a?.stop(), b?.stop()]);
      await assistant?.stop();
    });

    /** A screenshot and axe-core on the page as shown; no serious or critical violation allowed. */
    const checkPage = async (name: string, on?: Page) =>
      expect(await chromium.check(name, on), name).toEqual([]);

    /** A lead through the SDK, to server b (the page is served by a). */
    const post = (token: string, lead: Record<string, unknown>) =>
      createLeadClient({ baseUrl: b.baseUrl, token, maxRetries: 0 }).postLead(lead as never);
    const consent = (reference: string) =>
      consentBlock({ source: "webform:/contact", reference, capturedAt: new Date() });

    const rowOf = (name: string) =>
      page.locator("#inbox-rows tr", { has: page.getByRole("rowheader", { name: `Details of ${name}` }) });
    const rowIds = () =>
      page
        .locator("#inbox-rows tr")
        .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-lead-id")));
    const liveStatus = () => page.locator("#live-status").textContent();
    /** The page's stream is open (the status line's text may already announce new rows). */
    const streamOpen = () => page.locator("#live-status").getAttribute("data-live");

    it("signs in and opens the empty inbox, live", async () => {
      await page.goto(await ownerSignInLink(env, base));
      await submitNewPassword(page, PASSWORD);
      await page.waitForURL(`${base}/console/integrations`);
      await page.getByRole("link", { name: "Inbox" }).click();
      await page.waitForURL(`${base}/console/inbox`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Inbox");
      expect(await page.locator("nav [aria-current=page]").textContent()).toBe("Inbox");
      await expect.poll(streamOpen).toBe("on");
      expect(await liveStatus()).toBe("Live: new leads appear at the top.");
      // A new account's empty inbox says how to get the first lead.
      expect(await page.locator("#inbox-empty").isVisible()).toBe(true);
      expect(await page.locator("#inbox-empty h2").textContent()).toBe("No leads yet");
      expect(
        await page
          .locator("#inbox-empty")
          .getByRole("link", { name: "Go to Integrations" })
          .getAttribute("href"),
      ).toBe("/console/integrations");
      expect(await page.locator("#inbox-empty").textContent()).toContain("Send a test lead");
      await checkPage("inbox-empty");
    });

    let eligibleId: string;

    it("shows three leads posted to the other server without a reload; the eligible one turns handed off", async () => {
      await page.evaluate(() => {
        const w = window as unknown as { notReloaded: boolean; highlighted: string[] };
        w.notReloaded = true;
        // Rows the stream adds highlighted ("arrived"): recorded as they come, whatever the highlight's length.
        w.highlighted = [];
        new MutationObserver((changes) => {
          for (const change of changes)
            for (const node of change.addedNodes)
              if (node instanceof HTMLTableRowElement && node.classList.contains("arrived"))
                w.highlighted.push(node.dataset.leadId ?? "");
        }).observe(document.querySelector("#inbox-rows")!, { childList: true });
      });
      await post(tokens["Website form"]!, {
        phone: "(415) 555-0101",
        first_name: "Tess",
        last_name: "Tester",
        test: true,
        consent: consent("test-lead"),
      });
      await post(tokens["Website form"]!, {
        phone: "(415) 555-0102",
        first_name: "Nora",
        last_name: "Noconsent",
        source: "partner",
        source_campaign: "spring-open-house",
      });
      const eligible = await post(tokens["Partner feed"]!, {
        phone: "(212) 555-0103",
        email: "cali@example.com",
        first_name: "Cali",
        last_name: "Eligible",
        platform: "acme-crm",
        external_lead_id: "A-10023",
        consent: consent("eligible-lead"),
        crm_stage: "new",
      });
      expect(eligible.callEligible).toBe(true);
      eligibleId = eligible.id;

      await expect.poll(() => rowIds(), { timeout: 10_000 }).toHaveLength(3);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
        true,
      );
      // Newest first.
      expect((await page.locator("#inbox-rows th").allTextContents()).map((t) => t.trim())).toEqual([
        "Cali Eligible",
        "Nora NoconsentTEST".replace("TEST", ""),
        "Tess TesterTEST",
      ]);
      const tess = rowOf("Tess Tester");
      expect(await tess.locator(".badge-test").textContent()).toBe("TEST");
      expect(await tess.locator("td").nth(5).textContent()).toBe("Test lead: not answered");
      const nora = rowOf("Nora Noconsent");
      expect(await nora.locator("td").nth(4).textContent()).toBe("No consent");
      // Sources by their readable name; the code in the tooltip.
      expect(await nora.locator(".source").textContent()).toBe("Partner");
      expect(await nora.locator(".source").getAttribute("title")).toBe("partner");
      expect(await nora.locator(".campaign").textContent()).toBe("spring-open-house");
      expect(await nora.locator(".badge-test").count()).toBe(0);
      // No consent and no email: no one could answer, in red, with what the sender must send.
      expect(await nora.locator("td").nth(5).textContent()).toBe(
        "No one could answer (The sender must send a consent block, or an email to answer.)",
      );
      expect(await nora.locator(".outcome").getAttribute("class")).toContain("needs-owner");
      const cali = rowOf("Cali Eligible");
      expect(await cali.locator(".phone").textContent()).toBe("(212) 555-0103");
      expect(await cali.locator(".phone").getAttribute("title")).toBe("+12125550103");
      expect(await cali.locator("td").nth(3).textContent()).toBe("Partner feed");
      expect(await cali.locator("td").nth(5).textContent()).toBe("Call-eligible");
      await assistant.waitUntil(() => assistant.deliveries.some((d) => d.status === 200), "a hand-off");
      await expect.poll(() => cali.locator(".state").textContent(), { timeout: 10_000 }).toBe("Handed off");
      expect(await rowIds()).toHaveLength(3);
      // The live line counts what arrived since the page was opened, the tab title too; each was highlighted.
      expect(await liveStatus()).toBe("3 new since you opened this page.");
      expect(await page.title()).toBe("(3) Inbox · Speed-to-Lead");
      const highlighted = await page.evaluate(
        () => (window as unknown as { highlighted: string[] }).highlighted,
      );
      expect(new Set(highlighted)).toEqual(new Set(await rowIds()));
      await checkPage("inbox-en");
    });

    it("filters (test leads, channel), searches by phone and exports the filter as CSV", async () => {
      await page.getByLabel("Live or test").selectOption("test");
      await page.getByRole("button", { name: "Apply filters" }).click();
      await page.waitForURL((url) => url.searchParams.get("kind") === "test");
      expect(await rowIds()).toHaveLength(1);
      expect(await rowOf("Tess Tester").count()).toBe(1);
      // The stream keeps the filter: a live lead does not appear, a test lead does.
      await expect.poll(streamOpen).toBe("on");
      await post(tokens["Website form"]!, { phone: "(415) 555-0104", first_name: "Lena", last_name: "Live" });
      await post(tokens["Website form"]!, {
        phone: "(415) 555-0105",
        first_name: "Tina",
        last_name: "Tester",
        test: true,
      });
      await expect.poll(() => rowOf("Tina Tester").count(), { timeout: 10_000 }).toBe(1);
      expect(await rowOf("Lena Live").count()).toBe(0);
      await checkPage("inbox-filtered");

      await page.getByRole("link", { name: "Clear filters" }).click();
      await page.getByLabel("Channel").selectOption({ label: "Partner feed" });
      await page.getByRole("button", { name: "Apply filters" }).click();
      expect(await rowIds()).toEqual([eligibleId]);

      await page.getByRole("link", { name: "Clear filters" }).click();
      await page.getByLabel("Search").fill("212.555.0103");
      await page.getByRole("button", { name: "Apply filters" }).click();
      expect(await rowIds()).toEqual([eligibleId]);
      const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
      expect(href).toBe("/console/inbox/export.csv?q=212.555.0103");
      const csv = await page.context().request.get(`${base}${href}`);
      expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      expect(csv.headers()["content-disposition"]).toMatch(/^attachment;/);
      const lines = (await csv.text()).split("\r\n").filter(Boolean);
      expect(lines).toHaveLength(2);
      // A valid E.164 phone as it is (what a CRM import expects); other formula starts stay neutralised.
      expect(lines[1]).toContain(`"Cali","Eligible","+12125550103"`);
      expect(lines[1]).toContain(`"${new Date(lines[1]!.slice(1, 25)).toISOString()}"`);
    });

    it("shows the detail view: the timeline first, consent as a sentence, no empty field", async () => {
      await page.goto(`${base}/console/inbox`);
      await rowOf("Cali Eligible").getByRole("link").click();
      await page.waitForURL(`${base}/console/inbox/${eligibleId}`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Lead Cali Eligible");
      const field = (label: string) => page.locator("dl.fields dt", { hasText: label }).locator("+ dd");
      expect(await field("External lead id").textContent()).toBe("A-10023");
      expect(await field("Platform").textContent()).toBe("acme-crm");
      expect(await field("Phone").textContent()).toContain("+12125550103");
      expect(await page.locator("dl.fields dd").allTextContents()).not.toContain("—");
      expect(await page.locator("dl.fields dt", { hasText: "Campaign" }).count()).toBe(0);
      expect(await page.locator("#consent-sentence").textContent()).toMatch(
        /^Consent given on webform:\/contact at .+, reference eligible-lead\.$/,
      );
      expect(await page.locator("#consent-sentence + p").textContent()).toContain("through “Partner feed”");
      expect(await page.locator("pre").count()).toBe(0);
      expect(await page.locator("ul.keys li").count()).toBe(1);
      expect(await page.locator("#ignored-fields li").allTextContents()).toEqual(["crm_stage"]);
      const events = page.locator("#timeline > li");
      expect(await events.nth(0).locator(".what").textContent()).toBe("Received through “Partner feed”");
      expect(await events.nth(1).locator(".what").textContent()).toBe("Decision: Call-eligible");
      const delivered = events.filter({ hasText: "Hand-off attempt 1: delivered" });
      // The attempt says the window its decision carried and which place decided it (a 212 number alone).
      expect(await delivered.locator(".detail").textContent()).toMatch(
        /^HTTP 200, \d+ ms · Call window [\d-]+ \d\d:\d\d–[\d-]+ \d\d:\d\d UTC, decided by area code 212( \((start|end)(, end)?\))?$/,
      );
      expect(await page.getByRole("button", { name: "Hand off again" }).count()).toBe(0);
      await checkPage("lead-detail");
      const other = await page.goto(`${base}/console/inbox/00000000-0000-7000-8000-000000000000`);
      expect(other?.status()).toBe(404);
    });

    it("hands a failed lead off again, records who and when; the countdown ticks meanwhile", async () => {
      assistant.failNext(1, 503);
      await page.goto(`${base}/console/inbox`);
      await expect.poll(streamOpen).toBe("on");
      const rita = await post(tokens["Website form"]!, {
        phone: "(415) 555-0106",
        first_name: "Rita",
        last_name: "Retry",
        consent: consent("retry-lead"),
      });
      const row = rowOf("Rita Retry");
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      await assistant.waitUntil(
        () => assistant.deliveries.some((d) => d.status === 503),
        "a failed hand-off",
      );
      expect(await row.locator(".state").textContent()).toBe("Pending");
      const first = await row.locator(".countdown").textContent();
      expect(first).toMatch(/^[0-5]:\d\d left$/);
      await expect.poll(() => row.locator(".countdown").textContent(), { timeout: 5_000 }).not.toBe(first);

      await row.getByRole("link").click();
      await page.waitForURL(`${base}/console/inbox/${rita.id}`);
      await expect
        .poll(async () => {
          await page.reload();
          return await page.locator("#timeline li.event-bad .detail").first().textContent();
        })
        .toMatch(
          /^HTTP 503 · assistant answered 503 · \d+ ms · Call window .+ UTC, decided by area code 415/,
        );
      await checkPage("lead-detail-failed");
      // A second tab on the "pending" filter shows Rita; the hand-off takes her off that page live.
      const pendingTab = await page.context().newPage();
      await pendingTab.goto(`${base}/console/inbox?state=pending`);
      await expect.poll(() => pendingTab.locator("#live-status").getAttribute("data-live")).toBe("on");
      expect(await pendingTab.locator(`#inbox-rows tr[data-lead-id="${rita.id}"]`).count()).toBe(1);
      await page.getByRole("button", { name: "Hand off again" }).click();
      await page.locator("#retry-notice").waitFor();
      expect(await page.locator("#retry-notice").textContent()).toBe("Asked for a new hand-off.");
      expect(
        await page.locator("#timeline li", { hasText: "ana@acme.example asked to hand off again" }).count(),
      ).toBe(1);
      await expect
        .poll(() => pendingTab.locator(`#inbox-rows tr[data-lead-id="${rita.id}"]`).count(), {
          timeout: 10_000,
        })
        .toBe(0);
      expect(await pendingTab.locator("#inbox-empty").isVisible()).toBe(true);
      await pendingTab.close();
      await page.goto(`${base}/console/inbox`);
      await expect
        .poll(() => rowOf("Rita Retry").locator(".state").textContent(), { timeout: 10_000 })
        .toBe("Handed off");
    });

    it("catches up after the stream drops: a lead posted meanwhile appears exactly once", async () => {
      await expect.poll(streamOpen).toBe("on");
      const before = (await rowIds()).length;
      const errorsBefore = chromium.errors.length;
      await proxy.cut();
      await expect.poll(streamOpen).toBe("off");
      expect(await liveStatus()).toBe("Live updates interrupted; reconnecting…");
      const remy = await post(tokens["Website form"]!, {
        phone: "(415) 555-0107",
        first_name: "Remy",
        last_name: "Reconnect",
      });
      await Bun.sleep(500);
      expect(await rowOf("Remy Reconnect").count()).toBe(0);
      await proxy.restore();
      await expect.poll(() => rowOf("Remy Reconnect").count(), { timeout: 15_000 }).toBe(1);
      // Chromium logs the stream cut mid-response (the link resets it) and any refused reconnect: the
      // outage this test made, and nothing else.
      const duringCut = chromium.errors.splice(errorsBefore);
      for (const error of duringCut)
        expect(error).toMatch(/net::ERR_(INCOMPLETE_CHUNKED_ENCODING|CONNECTION_RESET|CONNECTION_REFUSED)/);
      const ids = await rowIds();
      expect(ids).toHaveLength(before + 1);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids[0]).toBe(remy.id);
    });

    it("switches to Spanish", async () => {
      await page.getByRole("link", { name: "Español" }).click();
      await page.waitForURL(`${base}/console/inbox`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Bandeja de prospectos");
      expect(await page.locator("html").getAttribute("lang")).toBe("es");
      expect(await rowOf("Tess Tester").count()).toBe(0);
      const tess = page.locator("#inbox-rows tr", {
        has: page.getByRole("rowheader", { name: "Detalle de Tess Tester" }),
      });
      expect(await tess.locator(".badge-test").textContent()).toBe("PRUEBA");
      await expect.poll(streamOpen).toBe("on");
      expect(await liveStatus()).toBe("En vivo: los prospectos nuevos aparecen arriba.");
      // The count in Spanish, singular, and in the tab's title.
      await post(tokens["Website form"]!, { phone: "(415) 555-0108", first_name: "Sol", last_name: "Uno" });
      await expect.poll(liveStatus, { timeout: 10_000 }).toBe("1 nuevo desde que abrió esta página.");
      expect(await page.title()).toBe("(1) Bandeja de prospectos · Speed-to-Lead");
      await checkPage("inbox-es");
      await page.getByRole("link", { name: "English" }).click();
    });

    it("answers a lead without phone or consent by email, shown in a neutral style", async () => {
      await page.goto(`${base}/console/inbox`);
      await expect.poll(streamOpen).toBe("on");
      await post(tokens["Website form"]!, {
        email: "emma@example.com",
        first_name: "Emma",
        last_name: "Email",
      });
      const emma = rowOf("Emma Email");
      await expect
        .poll(() => emma.locator("td").nth(5).textContent(), { timeout: 10_000 })
        .toBe("Answered by email (no consent to call)");
      const colour = (locator: ReturnType<typeof rowOf>) =>
        locator.locator(".outcome").evaluate((element) => getComputedStyle(element).color);
      const red = "rgb(164, 22, 26)";
      expect(await colour(emma)).not.toBe(red);
      expect(await colour(rowOf("Nora Noconsent"))).toBe(red);
      await checkPage("inbox-email-answer");
    });

    it("adds a lead's number to the do-not-call list from its page, confirmed, with a badge and the history", async () => {
      await page.goto(`${base}/console/inbox`);
      await rowOf("Nora Noconsent").getByRole("link").click();
      const leadUrl = page.url();
      expect(await page.locator(".badge-dnc").count()).toBe(0);
      await page.getByRole("link", { name: "Add to do-not-call" }).click();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
        "Put (415) 555-0102 on the do-not-call list?",
      );
      await checkPage("lead-dnc-confirm");
      await page.getByLabel("Note (optional)").fill("asked on the phone");
      await page.getByRole("button", { name: "Add to the list" }).click();
      await page.waitForURL(leadUrl);
      expect(await page.locator("#retry-notice").textContent()).toBe(
        "(415) 555-0102 is on the do-not-call list now.",
      );
      expect(await page.locator("#lead-state .badge-dnc, .fields .badge-dnc").first().textContent()).toBe(
        "Do not call",
      );
      expect(await page.getByRole("link", { name: "Add to do-not-call" }).count()).toBe(0);
      const change = page.locator("#timeline li", { hasText: "Number put on the do-not-call list" });
      expect(await change.locator(".detail").textContent()).toBe(
        "This page · ana@acme.example · asked on the phone",
      );
      await checkPage("lead-dnc-added");
      // The notice was shown once; the number stays listed.
      await page.reload();
      expect(await page.locator("#retry-notice").count()).toBe(0);
      expect(await page.locator(".badge-dnc").count()).toBeGreaterThan(0);
      await page.goto(`${base}/console/inbox`);
      expect(await rowOf("Nora Noconsent").locator(".badge-dnc").textContent()).toBe("Do not call");
      expect(await rowOf("Cali Eligible").locator(".badge-dnc").count()).toBe(0);
      await checkPage("inbox-dnc-badge");
      // The list page has the same change in its history.
      await page.goto(`${base}/console/do-not-call`);
      expect(await page.locator("#main").textContent()).toContain("asked on the phone");
    });

    it("shows times in the owner's zone (New York), relative while recent and kept current, UTC in the tooltip", async () => {
      const sql = new Bun.SQL(env.DATABASE_URL!);
      await sql`update leads set received_at = '2026-11-20T14:02:00Z' where first_name = 'Tess'`;
      await sql.close();
      await page.clock.install({ time: new Date() });
      await page.goto(`${base}/console/inbox`);
      const tessTime = rowOf("Tess Tester").locator("time");
      expect(await tessTime.textContent()).toBe("Nov 20, 2026, 9:02 AM EST");
      expect(await tessTime.getAttribute("title")).toBe("Nov 20, 2026, 2:02 PM UTC");
      const caliTime = rowOf("Cali Eligible").locator("time");
      const before = await caliTime.textContent();
      expect(before).toMatch(/ago$|^now$/);
      expect(await caliTime.getAttribute("title")).toMatch(
        /^[A-Z][a-z]{2} \d+, \d{4}, \d+:\d\d [AP]M EST · .+ UTC$/,
      );
      await page.clock.fastForward("20:00");
      await expect.poll(() => caliTime.textContent()).toMatch(/^2\d minutes ago$/);
      await checkPage("inbox-new-york");
      // The same in Spanish.
      await page.goto(`${base}/console/language?to=es&back=/console/inbox`);
      const tessEs = page.locator("#inbox-rows tr", {
        has: page.getByRole("rowheader", { name: "Detalle de Tess Tester" }),
      });
      expect(await tessEs.locator("time").textContent()).toMatch(/^20 nov 2026, 9:02 (GMT-5|EST)$/);
      await page.goto(`${base}/console/language?to=en&back=/console/inbox`);
    });

    it("fits a 390-px phone and a desktop on every page in both languages: cards, folded filters, no sideways scroll", async () => {
      await page.goto(`${base}/console/integrations`);
      const tokenId = await page.locator("tr[data-token-id]").first().getAttribute("data-token-id");
      const leadPath = `/console/inbox/${eligibleId}`;
      const pages = {
        inbox: "/console/inbox",
        lead: leadPath,
        "lead-dnc-confirm": `${leadPath}/do-not-call`,
        integrations: "/console/integrations",
        "token-roll": `/console/integrations/tokens/${tokenId}/roll`,
        "token-rename": `/console/integrations/tokens/${tokenId}/rename`,
        "token-revoke": `/console/integrations/tokens/${tokenId}/revoke`,
        "do-not-call": "/console/do-not-call",
        "not-found": "/console/no-such-page",
      };
      for (const [name, path] of Object.entries(pages))
        expect(await chromium.checkEverywhere(base, path, name)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      // The inbox: the filters fold behind their button; a lead is on the first screen.
      await page.goto(`${base}/console/language?to=en&back=/console/inbox`);
      expect(await page.locator("#filters-form").isVisible()).toBe(false);
      // Rows are cards: blocks with their column's name before each value.
      expect(
        await page
          .locator("#inbox-rows tr")
          .first()
          .evaluate((row) => getComputedStyle(row).display),
      ).toBe("block");
      const firstRow = await page.locator("#inbox-rows tr").first().boundingBox();
      expect(firstRow!.y).toBeLessThan(844);
      await page.getByRole("button", { name: "Filters", exact: true }).click();
      expect(
        await page.getByRole("button", { name: "Filters", exact: true }).getAttribute("aria-expanded"),
      ).toBe("true");
      expect(await page.locator("#filters-form").isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await checkPage("phone-en-inbox-filters-open");
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    it("returns a signed-out owner to the page asked for after sign-in; /console opens the inbox", async () => {
      expect((await page.goto(`${base}/console`))?.url()).toBe(`${base}/console/inbox`);
      const leadUrl = `${base}/console/inbox/${eligibleId}`;
      const other = await chromium.browser.newContext({ locale: "en-US", timezoneId: "America/New_York" });
      const signedOut = await other.newPage();
      await signedOut.goto(leadUrl);
      expect(signedOut.url()).toBe(
        `${base}/console/sign-in?next=${encodeURIComponent(`/console/inbox/${eligibleId}`)}`,
      );
      await signedOut.getByLabel("Email").fill("ana@acme.example");
      await signedOut.getByLabel("Password").fill(PASSWORD);
      await signedOut.getByRole("button", { name: "Sign in" }).click();
      await signedOut.waitForURL(leadUrl);
      expect(await signedOut.getByRole("heading", { level: 1 }).textContent()).toBe("Lead Cali Eligible");
      // Only a path of this console: another site, or "//host", lands on the console's start instead.
      for (const next of ["https://evil.example/x", "//evil.example/x", "/\\evil.example"]) {
        await signedOut.context().clearCookies();
        await signedOut.goto(`${base}/console/sign-in?next=${encodeURIComponent(next)}`);
        await signedOut.getByLabel("Email").fill("ana@acme.example");
        await signedOut.getByLabel("Password").fill(PASSWORD);
        await signedOut.getByRole("button", { name: "Sign in" }).click();
        await signedOut
          .waitForURL((url) => url.pathname !== "/console/sign-in", { timeout: 10_000 })
          .catch(() => undefined);
        expect(signedOut.url(), `${next}: ${await signedOut.locator("main").textContent()}`).toBe(
          `${base}/console/inbox`,
        );
      }
      await other.close();
    });

    it("keeps a catalogue of hostile fields inert in the inbox and the detail view", async () => {
      await page.goto(`${base}/console/inbox`);
      await expect.poll(streamOpen).toBe("on");
      const ids: string[] = [];
      for (const [index, payload] of XSS_PAYLOADS.entries())
        ids.push((await post(tokens["Website form"]!, hostileLead(payload, index))).id);
      // Through the live stream first, then a fresh load of the page.
      await expect
        .poll(
          async () => {
            const shown = await rowIds();
            return ids.filter((id) => !shown.includes(id));
          },
          { timeout: 10_000 },
        )
        .toEqual([]);
      const hostile = async () => {
        const found: Record<string, number> = {};
        for (const selector of HOSTILE_SELECTORS) {
          const count = await page.locator(`#main ${selector}`).count();
          if (count > 0) found[selector] = count;
        }
        return found;
      };
      expect(await hostile()).toEqual({});
      await page.reload();
      expect(await hostile()).toEqual({});
      expect(await page.locator("#inbox-rows th a").allTextContents()).toContain(
        `${XSS_PAYLOADS[0]} ${XSS_PAYLOADS[0]}`,
      );
      await checkPage("inbox-hostile");
      for (const id of ids) {
        await page.goto(`${base}/console/inbox/${id}`);
        // Focus moves across every element once: an injected autofocus/onfocus handler would fire.
        for (let tab = 0; tab < 5; tab++) await page.keyboard.press("Tab");
        expect(await hostile(), id).toEqual({});
      }
      await checkPage("lead-detail-hostile");
      expect(chromium.dialogs).toEqual([]);
    });

    it("showed no CSP violation or script error on any page", () => {
      expect(chromium.errors).toEqual([]);
    });

    it("shuts down cleanly while a browser holds the live stream open", async () => {
      await page.goto(`${base}/console/inbox`);
      await expect.poll(streamOpen).toBe("on");
      expect(await a.stop()).toBe(0);
      expect(a.lines.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
    });
  },
  240_000,
);
