// Whole process under a chosen clock (libfaketime): the assistant's pre-dial check refuses a fourth Florida call in
// 24 hours, and an opt-out after a phone change lists the number called; the lead page shows both numbers.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signWebhook } from "@speed-to-lead/sdk/webhooks";
import { consoleClient, fetchHandle, OWNER_PASSWORD } from "@speed-to-lead/server/testing/console-client";
import { type FakeAssistant, startFakeAssistant } from "@speed-to-lead/server/testing/fake-assistant";
import { eligibleLead } from "@speed-to-lead/server/testing/handoff-fixture";
import { ASSISTANT_EVENTS_PATH, CALL_CHECKS_PATH, type HandoffPayloadBody } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postLead } from "../harness/lead-http.ts";
import { type ServerProcess, startServerProcess } from "../harness/server-process.ts";
import { schemaErrors } from "../harness/spec-ajv.ts";

const faketime = Bun.which("faketime");
const HOUR = 3_600_000;
/** A Tuesday, 12:00 in Miami (EST): Florida's 08:00–20:00 window is open. */
const CLOCK = "2026-12-01 17:00:00";

describe.skipIf(!faketime)("the pre-dial check of a server whose clock is set (faketime)", () => {
  const base = mkdtempSync(join(tmpdir(), "stl-predial-"));
  let assistant: FakeAssistant;
  let server: ServerProcess;
  let token: string;
  /** The server's clock, as the last hand-off's timestamp showed it, run on by the test's. */
  let serverNow: () => number;

  beforeAll(async () => {
    assistant = startFakeAssistant({ anyTimestamp: true });
    // An empty folder: a new embedded database, so the server makes the demo account, token and owner link.
    const env = {
      PGLITE_DIR: join(base, "data"),
      ASSISTANT_WEBHOOK_URL: assistant.url,
      ASSISTANT_WEBHOOK_SECRET: assistant.secret,
      DISPATCHER_POLL_MS: "100",
    };
    // Migrating a new database from nothing takes longer than a template's copy, more so on a loaded machine.
    server = await startServerProcess({ env, clock: CLOCK, readyTimeoutMs: 100_000 });
    token = /stl_ch_[A-Za-z0-9_-]{43}/.exec(server.lines.join("\n"))![0];
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
    await assistant?.stop();
    rmSync(base, { recursive: true, force: true });
  });

  async function handOff(lead: Record<string, unknown>, responseNo = 1) {
    const posted = await postLead(server.baseUrl, { token, body: lead });
    expect(posted.status).toBeLessThan(300);
    const mine = () =>
      assistant.deliveries.find(
        (d) => d.payload.data.lead_id === posted.body.id && d.payload.data.response_no === responseNo,
      );
    await assistant.waitUntil(() => mine() !== undefined, `hand-off ${responseNo} of ${lead.phone}`);
    const payload = mine()!.payload as HandoffPayloadBody;
    const seenAt = Date.now();
    serverNow = () => Date.parse(payload.timestamp) + (Date.now() - seenAt);
    return payload.data;
  }

  /** Signed as the assistant signs, stamped with the server's clock (its tolerance is five minutes). */
  async function signedPost(path: string, body: Record<string, unknown>) {
    const signed = signWebhook(body, assistant.secret, { timestamp: new Date(serverNow()) });
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { ...signed.headers, "content-type": "application/json" },
      body: signed.body,
    });
    return { status: response.status, body: await response.json() };
  }

  const check = async (handoff: { handoff_id: string; lead_id: string }, phone: string) => {
    const { status, body } = await signedPost(CALL_CHECKS_PATH, {
      handoff_id: handoff.handoff_id,
      lead_id: handoff.lead_id,
      phone,
    });
    expect(status).toBe(200);
    expect(schemaErrors("CallCheckAnswer", body)).toEqual([]);
    return body;
  };

  const event = (type: string, data: Record<string, unknown>) =>
    signedPost(ASSISTANT_EVENTS_PATH, { type, timestamp: new Date(serverNow()).toISOString(), data });

  it("refuses a fourth call to a Florida number within 24 hours, until the oldest counted attempt is 24 hours old", async () => {
    const handoff = await handOff(eligibleLead({ phone: "(305) 555-0401" }));
    expect(handoff.call_caps).toEqual([
      { jurisdiction: "US-FL", calls: 3, hours: 24, attempts_remaining: 3, next_release: null },
    ]);
    expect((await check(handoff, "+13055550401")).allowed).toBe(true);
    const oldest = serverNow() - 3 * HOUR;
    for (const at of [oldest, serverNow() - 2 * HOUR, serverNow() - HOUR]) {
      const reported = await event("lead.call_attempted", {
        lead_id: handoff.lead_id,
        handoff_id: handoff.handoff_id,
        attempted_at: new Date(at).toISOString(),
      });
      expect([reported.status, reported.body.phone]).toEqual([200, "+13055550401"]);
    }
    const fourth = await check(handoff, "+13055550401");
    const until = new Date(oldest + 24 * HOUR).toISOString();
    expect(fourth).toMatchObject({
      handoff_id: handoff.handoff_id,
      lead_id: handoff.lead_id,
      phone: "+13055550401",
      allowed: false,
      reasons: [{ code: "cap_reached", until, jurisdiction: "US-FL", detail: "3 calls per 24 hours" }],
      call_caps: [{ jurisdiction: "US-FL", calls: 3, hours: 24, attempts_remaining: 0, next_release: until }],
    });
    // The server's day: 2026-12-01 (Tuesday) around 17:00 UTC.
    expect(fourth.checked_at.slice(0, 13)).toBe("2026-12-01T17");
    // The next permitted start: the oldest attempt's 24 hours end at 09:00 Miami, inside Wednesday's window.
    expect(fourth.call_window.earliest).toBe(until);
    expect(fourth.call_window.rules_applied).toContainEqual(
      expect.objectContaining({ kind: "cap", jurisdiction: "US-FL", until }),
    );
  });

  it("after a repeat changes the phone, an opt-out naming the first hand-off lists the number called, not the new phone; the lead page shows both numbers", async () => {
    const lead = eligibleLead({
      phone: "(305) 555-0501",
      platform: "crm",
      external_lead_id: `predial-${crypto.randomUUID()}`,
    });
    const first = await handOff(lead);
    const second = await handOff({ ...lead, phone: "(305) 555-0502" }, 2);
    expect([second.phone, second.handoff_id === first.handoff_id]).toEqual(["+13055550502", false]);

    const optedOut = await event("lead.opted_out", { lead_id: first.lead_id, handoff_id: first.handoff_id });
    expect([optedOut.status, optedOut.body.phone]).toEqual([200, "+13055550501"]);
    const old = await check(first, "+13055550501");
    expect(old.reasons.map((reason: { code: string }) => reason.code)).toEqual(["superseded", "do_not_call"]);
    // The new number is not on the list: its own hand-off may call it.
    expect(await check(second, "+13055550502")).toMatchObject({ allowed: true, reasons: [] });

    const link = new RegExp(`${server.baseUrl}/console/link/([A-Za-z0-9_-]{43})`).exec(
      server.lines.join("\n"),
    );
    const owner = consoleClient(fetchHandle, server.baseUrl);
    expect((await owner.get(`/console/link/${link![1]}`)).status).toBe(200);
    const set = await owner.post("/console/link", {
      link: link![1]!,
      password: OWNER_PASSWORD,
      confirm: OWNER_PASSWORD,
    });
    expect(set.status).toBe(303);
    const page = await owner.get(`/console/inbox/${first.lead_id}`);
    expect(page.status).toBe(200);
    for (const shown of [
      "Hand-off 1 offered (305) 555-0501",
      "Hand-off 2 offered (305) 555-0502",
      "Number (305) 555-0501",
      "Pre-dial check for (305) 555-0501: call refused",
      "Pre-dial check for (305) 555-0502: call allowed",
    ])
      expect(owner.html).toContain(shown);
    await owner.get(`/console/inbox/${first.lead_id}`, { "accept-language": "es" });
    for (const shown of [
      "El traspaso 1 ofreció el (305) 555-0501",
      "El traspaso 2 ofreció el (305) 555-0502",
      "Comprobación previa del (305) 555-0501: llamada rechazada",
    ])
      expect(owner.html).toContain(shown);
  });
});
