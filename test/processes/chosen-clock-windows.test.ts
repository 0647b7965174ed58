// Whole process under a chosen clock (libfaketime): leads posted on a Sunday, on Christmas and on a Saturday afternoon get
// the windows the rules and every place they point at give, or their refusal.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FakeAssistant, startFakeAssistant } from "@speed-to-lead/server/testing/fake-assistant";
import { newPgliteFolder } from "@speed-to-lead/server/testing/fresh-pglite";
import { eligibleLead } from "@speed-to-lead/server/testing/handoff-fixture";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postLead } from "../harness/lead-http.ts";
import { type ServerProcess, startServerProcess } from "../harness/server-process.ts";

const faketime = Bun.which("faketime");
const base = mkdtempSync(join(tmpdir(), "stl-clock-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

interface Expected {
  phone: string;
  /** Other fields of the lead (timezone, state, email …). */
  fields?: Record<string, unknown>;
  /** The call is refused with this reason: the hand-off is email-only, without phone or window. */
  refused?: string;
  /** Where the window must start: an instant, or "now" (within the first minute of the process's clock). */
  earliest: string;
  latest: string;
  /** rules_applied's day and holiday entries, "kind jurisdiction date". */
  skipped: string[];
}

/** Starts a server whose clock begins at `clock` (UTC), posts each lead, and checks its hand-off's window. */
async function checkWindows(name: string, clock: string, expected: Expected[]) {
  let assistant: FakeAssistant | undefined;
  let server: ServerProcess | undefined;
  try {
    assistant = startFakeAssistant({ anyTimestamp: true });
    const env = {
      PGLITE_DIR: newPgliteFolder(join(base, name)),
      ASSISTANT_WEBHOOK_URL: assistant.url,
      ASSISTANT_WEBHOOK_SECRET: assistant.secret,
      DISPATCHER_POLL_MS: "100",
    };
    const { token } = await seedToken(env, "acme", "clock");
    server = await startServerProcess({ env, clock });
    const start = Date.parse(`${clock.replace(" ", "T")}Z`);
    const ids: string[] = [];
    for (const lead of expected) {
      const body = eligibleLead({ phone: lead.phone, ...lead.fields });
      const posted = await postLead(server.baseUrl, { token, body });
      expect(posted.status).toBe(201);
      ids.push(posted.body.id);
    }
    await assistant.waitUntil(() => assistant!.deliveries.length >= expected.length, "every hand-off");
    expected.forEach((lead, index) => {
      const { data } = assistant!.deliveries.find((d) => d.payload.data.lead_id === ids[index])!.payload;
      if (lead.refused) {
        expect(data.call, lead.phone).toEqual({ permitted: false, reason: lead.refused });
        expect([data.phone, data.call_window], lead.phone).toEqual([undefined, undefined]);
        return;
      }
      const window = data.call_window!;
      if (lead.earliest === "now") {
        expect(Date.parse(window.earliest) - start, lead.phone).toBeLessThan(60_000);
        expect(Date.parse(window.earliest), lead.phone).toBeGreaterThanOrEqual(start);
      } else expect(window.earliest, lead.phone).toBe(lead.earliest);
      expect(window.latest, lead.phone).toBe(lead.latest);
      const skipped = window.rules_applied
        .filter((rule) => rule.kind === "day" || rule.kind === "holiday")
        .map((rule) => `${rule.kind} ${rule.jurisdiction} ${rule.date}`);
      expect(skipped, lead.phone).toEqual(lead.skipped);
    });
  } finally {
    await server?.stop();
    await assistant?.stop();
  }
}

describe.skipIf(!faketime)("hand-off windows of a server whose clock is set (faketime)", () => {
  beforeAll(() => {
    if (!faketime) console.warn("faketime is not installed: the chosen-clock tests were skipped");
  });

  it("Sunday 2026-11-29 17:00 UTC: Alabama, Louisiana and Rhode Island wait for Monday, Texas for noon, California calls now", async () => {
    await checkWindows("sunday", "2026-11-29 17:00:00", [
      // Account hours 08:00–20:00 narrow every rule below.
      {
        phone: "(205) 555-0101",
        earliest: "2026-11-30T14:00:00.000Z",
        latest: "2026-12-01T02:00:00.000Z",
        skipped: ["day US-AL 2026-11-29"],
      },
      {
        phone: "(504) 555-0101",
        earliest: "2026-11-30T14:00:00.000Z",
        latest: "2026-12-01T02:00:00.000Z",
        skipped: ["day US-LA 2026-11-29"],
      },
      {
        phone: "(401) 555-0101",
        earliest: "2026-11-30T14:00:00.000Z",
        latest: "2026-11-30T23:00:00.000Z",
        skipped: ["day US-RI 2026-11-29"],
      },
      {
        phone: "(214) 555-0101",
        earliest: "2026-11-29T18:00:00.000Z",
        latest: "2026-11-30T02:00:00.000Z",
        skipped: [],
      },
      { phone: "(415) 555-0101", earliest: "now", latest: "2026-11-30T04:00:00.000Z", skipped: [] },
    ]);
    // A CLI run and a server start per case: slow on a loaded machine.
  }, 120_000);

  it("Christmas 2026 (a Friday) 15:00 UTC: Rhode Island and Alabama wait for Saturday's hours, Mississippi calls now", async () => {
    await checkWindows("christmas", "2026-12-25 15:00:00", [
      {
        phone: "(401) 555-0102",
        earliest: "2026-12-26T15:00:00.000Z",
        latest: "2026-12-26T22:00:00.000Z",
        skipped: ["holiday US-RI 2026-12-25"],
      },
      {
        phone: "(205) 555-0102",
        earliest: "2026-12-26T14:00:00.000Z",
        latest: "2026-12-27T02:00:00.000Z",
        skipped: ["holiday US-AL 2026-12-25"],
      },
      { phone: "(601) 555-0102", earliest: "now", latest: "2026-12-26T02:00:00.000Z", skipped: [] },
    ]);
    // A CLI run and a server start per case: slow on a loaded machine.
  }, 120_000);

  it("Saturday 2026-11-28 17:30 UTC (12:30 in Philadelphia): UTC narrows Miami, Pennsylvania's afternoon is a half-holiday, 800 is held back, 457 is a real number", async () => {
    await checkWindows("saturday", "2026-11-28 17:30:00", [
      // 08:00 UTC is 03:00 in Miami: the window is 08:00 Miami (13:00Z) to 20:00 UTC, open now.
      {
        phone: "(305) 555-0123",
        fields: { timezone: "UTC" },
        earliest: "now",
        latest: "2026-11-28T20:00:00.000Z",
        skipped: [],
      },
      // Saturday ended at 12:00 in Pennsylvania: Sunday 08:00–20:00 EST.
      {
        phone: "(215) 555-0123",
        earliest: "2026-11-29T13:00:00.000Z",
        latest: "2026-11-30T01:00:00.000Z",
        skipped: [],
      },
      // A Philadelphia ZIP on a Los Angeles number: Pennsylvania's rules, and both clocks.
      {
        phone: "(213) 555-0123",
        fields: { postal_code: "19104" },
        earliest: "2026-11-29T16:00:00.000Z",
        latest: "2026-11-30T01:00:00.000Z",
        skipped: [],
      },
      {
        phone: "(800) 555-0123",
        fields: { email: "ana@example.com" },
        refused: "location_unknown",
        earliest: "",
        latest: "",
        skipped: [],
      },
      // Louisiana's 457, newer than the phone library: accepted, Saturday 08:00–20:00 CST, open now.
      { phone: "(457) 555-0123", earliest: "now", latest: "2026-11-29T02:00:00.000Z", skipped: [] },
    ]);
    // A CLI run and a server start per case: slow on a loaded machine.
  }, 120_000);
});
