// A lead's page in a real headless Chromium against one server process on PostgreSQL, with a fake assistant: the
// assistant's call attempts, opt-outs and wrong numbers on the timeline with their times, the fields the API ignored
// for a lead posted without an idempotency key (bounded), and "hand off again" as POST-redirect-GET with a one-time
// notice. English and Spanish, 390 px and desktop, axe on every state; screenshots in artifacts/screenshots/.

import { createDatabase } from "@speed-to-lead/server/testing/postgres-cluster";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import {
  ASSISTANT_EVENTS_PATH,
  IGNORED_FIELD_NAME_MAX,
  IGNORED_FIELDS_KEPT,
  LEAD_INTAKE_PATH,
} from "@speed-to-lead/spec";
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
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type FakeAssistant, startFakeAssistant } from "../../testing/fake-assistant.ts";
import { signedEventRequest } from "../../testing/signed-event.ts";

if (!CHROMIUM_PATH) console.warn("lead page browser test skipped: no chromium (apt-get install chromium)");

const PASSWORD = "copper-willow-58";
/** An ignored name a page must show as text, never as markup. */
const HOSTILE_NAME = `<img src=x onerror=alert("ignored")>`;

describe.skipIf(!CHROMIUM_PATH)(
  "a lead's page in Chromium",
  () => {
    let env: Record<string, string>;
    let server: ServerProcess;
    let assistant: FakeAssistant;
    let base: string;
    let token: string;
    let chromium: ConsoleBrowser;
    let page: Page;

    beforeAll(async () => {
      assistant = startFakeAssistant();
      env = {
        DATABASE_URL: await createDatabase(inject("postgresAdminUrl")),
        ...assistantAwaitingOwnerEnv(assistant),
      };
      [server] = await startMigratedServers(env, 1);
      base = server.baseUrl;
      token = (await seedToken(env, "acme", "Website form")).token;
      chromium = await openConsoleBrowser("axe-results-lead-page.json", { timezoneId: "America/New_York" });
      page = chromium.page;
      await page.goto(await ownerSignInLink(env, base));
      await submitNewPassword(page, PASSWORD);
      await page.waitForURL(`${base}/console/integrations`);
    });
    afterAll(async () => {
      await chromium?.close();
      await server?.stop();
      await assistant?.stop();
    });

    const checkPage = async (name: string) => expect(await chromium.check(name), name).toEqual([]);

    /** A lead posted with plain fetch: no Idempotency-Key (the SDK would add one). */
    async function postUnkeyed(lead: Record<string, unknown>): Promise<string> {
      const response = await fetch(`${base}${LEAD_INTAKE_PATH}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(lead),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    }
    const consent = (reference: string) => ({
      source: "webform:/contact",
      reference,
      captured_at: new Date(Date.now() - 60_000).toISOString(),
    });

    /** A signed event from the assistant, as it reports what happened on a call. */
    async function reportAssistantEvent(type: string, leadId: string, data: Record<string, unknown> = {}) {
      const body = JSON.stringify({
        type,
        timestamp: new Date().toISOString(),
        data: { lead_id: leadId, ...data },
      });
      const signed = signedEventRequest(body, assistant.secret);
      const response = await fetch(`${base}${ASSISTANT_EVENTS_PATH}`, {
        method: "POST",
        headers: signed.headers,
        body,
      });
      expect(response.status).toBe(200);
    }
    const reportCallAttempt = (leadId: string, attemptedAt: Date) =>
      reportAssistantEvent("lead.call_attempted", leadId, { attempted_at: attemptedAt.toISOString() });

    it("lists each call attempt the assistant reported on the timeline, with its time, in both languages", async () => {
      const id = await postUnkeyed({
        phone: "(415) 555-0141",
        first_name: "Carla",
        consent: consent("calls"),
      });
      // Two calls, placed 20 and 5 minutes ago (the assistant reports them afterwards).
      const first = new Date(Date.now() - 20 * 60_000);
      const second = new Date(Date.now() - 5 * 60_000);
      await reportCallAttempt(id, second);
      await reportCallAttempt(id, first);
      await page.goto(`${base}/console/inbox/${id}`);
      const attempts = page.locator("#timeline > li", { hasText: "Call attempt by the assistant" });
      expect(await attempts.count()).toBe(2);
      // Oldest first, each at the time the call was placed (not when it was reported).
      expect(
        await attempts.locator("time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime"))),
      ).toEqual([first.toISOString(), second.toISOString()]);
      expect(await attempts.nth(0).locator("time").textContent()).toBe("20 minutes ago");
      expect(await chromium.checkEverywhere(base, `/console/inbox/${id}`, "lead-call-attempts")).toEqual([]);
      await page.goto(`${base}/console/language?to=es&back=/console/inbox/${id}`);
      expect(
        await page.locator("#timeline > li", { hasText: "Intento de llamada del asistente" }).count(),
      ).toBe(2);
      await page.goto(`${base}/console/language?to=en&back=/console/inbox/${id}`);
    });

    it("shows the assistant's opt-out and wrong-number reports on the timeline, in both languages", async () => {
      const optedOut = await postUnkeyed({
        phone: "(415) 555-0145",
        first_name: "Olga",
        consent: consent("opt"),
      });
      const wrong = await postUnkeyed({
        phone: "(415) 555-0146",
        first_name: "Walt",
        consent: consent("wrong"),
      });
      await reportAssistantEvent("lead.opted_out", optedOut);
      await reportAssistantEvent("lead.wrong_number", wrong);
      // The event by its headline: a hand-off the report cancelled may name the same reason as its detail.
      const entry = (text: string) =>
        page.locator("#timeline > li").filter({ has: page.locator(".what", { hasText: text }) });
      await page.goto(`${base}/console/inbox/${optedOut}`);
      expect(await entry("Asked not to be called").locator(".detail").textContent()).toMatch(
        /^Assistant · msg_/,
      );
      expect(await page.locator("#lead-state .badge-dnc, .fields .badge-dnc").count()).toBeGreaterThan(0);
      expect(await chromium.checkEverywhere(base, `/console/inbox/${optedOut}`, "lead-opted-out")).toEqual(
        [],
      );
      await page.goto(`${base}/console/inbox/${wrong}`);
      expect(await entry("Reported as a wrong number").locator(".detail").textContent()).toMatch(
        /^Assistant · msg_/,
      );
      expect(await chromium.checkEverywhere(base, `/console/inbox/${wrong}`, "lead-wrong-number")).toEqual(
        [],
      );
      await page.goto(`${base}/console/language?to=es&back=/console/inbox/${optedOut}`);
      expect(await entry("Pidió que no le llamen").locator(".detail").textContent()).toMatch(
        /^Asistente · msg_/,
      );
      await page.goto(`${base}/console/language?to=es&back=/console/inbox/${wrong}`);
      expect(await entry("Reportado como número equivocado").count()).toBe(1);
      await page.goto(`${base}/console/language?to=en&back=/console/inbox/${wrong}`);
    });

    it("lists the fields the API ignored for a lead sent without an idempotency key, bounded", async () => {
      const extras = Object.fromEntries(
        Array.from({ length: 25 }, (_, i) => [`extra_${String(i).padStart(2, "0")}`, i]),
      );
      const id = await postUnkeyed({
        phone: "(415) 555-0142",
        first_name: "Iggy",
        utm_source: "newsletter",
        [HOSTILE_NAME]: "x",
        ["n".repeat(300)]: "long",
        ...extras,
      });
      await page.goto(`${base}/console/inbox/${id}`);
      const names = await page.locator("#ignored-fields li").allTextContents();
      expect(names).toHaveLength(IGNORED_FIELDS_KEPT);
      expect(names.slice(0, 4)).toEqual([
        "utm_source",
        HOSTILE_NAME,
        "n".repeat(IGNORED_FIELD_NAME_MAX),
        "extra_00",
      ]);
      expect(names.at(-1)).toBe(`extra_${String(IGNORED_FIELDS_KEPT - 4).padStart(2, "0")}`);
      expect(await page.locator("#ignored-more").textContent()).toBe(
        `Only the first ${IGNORED_FIELDS_KEPT} names are kept.`,
      );
      expect(await page.locator("#main img").count()).toBe(0);
      expect(await chromium.checkEverywhere(base, `/console/inbox/${id}`, "lead-ignored-fields")).toEqual([]);
      // A lead whose every field was known lists none.
      const plain = await postUnkeyed({ phone: "(415) 555-0143", first_name: "Pia" });
      await page.goto(`${base}/console/inbox/${plain}`);
      expect(await page.locator("#ignored-fields").count()).toBe(0);
    });

    it("hands off again by POST-redirect-GET: the notice once, a reload repeats nothing", async () => {
      assistant.failNext(1, 503);
      const id = await postUnkeyed({
        phone: "(415) 555-0144",
        first_name: "Rosa",
        consent: consent("again"),
      });
      await assistant.waitUntil(
        () => assistant.deliveries.some((d) => d.status === 503),
        "a failed hand-off",
      );
      const button = page.getByRole("button", { name: "Hand off again" });
      await expect
        .poll(
          async () => {
            await page.goto(`${base}/console/inbox/${id}`);
            return await button.count();
          },
          { timeout: 15_000 },
        )
        .toBe(1);
      // A second tab still shows the form: its post comes after the hand-off and is refused.
      const stale = await page.context().newPage();
      await stale.goto(`${base}/console/inbox/${id}`);
      await button.click();
      await page.locator("#retry-notice").waitFor();
      // The answer was a redirect to the lead's page; the notice's id left the address once shown.
      expect(page.url()).toBe(`${base}/console/inbox/${id}`);
      expect(await page.locator("#retry-notice").textContent()).toBe("Asked for a new hand-off.");
      const asked = page.locator("#timeline li", { hasText: "ana@acme.example asked to hand off again" });
      expect(await asked.count()).toBe(1);
      await checkPage("lead-handed-off-again");
      await page.reload();
      expect(await page.locator("#retry-notice").count()).toBe(0);
      expect(await asked.count()).toBe(1);
      await assistant.waitUntil(
        () =>
          assistant.deliveries.filter((d) => d.payload.data.lead_id === id && d.status === 200).length === 1,
        "the second hand-off",
      );
      await stale.getByRole("button", { name: "Hand off again" }).click();
      await stale.locator("#retry-notice").waitFor();
      expect(await stale.locator("#retry-notice").textContent()).toBe(
        "Nothing to hand off again: the lead is not in a failed hand-off.",
      );
      await stale.reload();
      expect(await stale.locator("#retry-notice").count()).toBe(0);
      await stale.close();
      expect(await asked.count()).toBe(1);
    });

    it("showed no CSP violation, script error or dialog on any page", () => {
      expect(chromium.errors).toEqual([]);
      expect(chromium.dialogs).toEqual([]);
    });
  },
  180_000,
);
