// Emergency holds and call caps end to end: `stl holds` beside a running server process on PostgreSQL, the
// assistant's signed lead.call_attempted events over HTTP, and what the assistant is then handed.

import { signWebhook } from "@speed-to-lead/sdk/webhooks";
import { expectCappedWindow } from "@speed-to-lead/server/testing/capped-window";
import { eligibleLead } from "@speed-to-lead/server/testing/handoff-fixture";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import { ASSISTANT_EVENTS_PATH } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postLead } from "../harness/lead-http.ts";
import { type ServerProcess, startServerProcess } from "../harness/server-process.ts";
import { runCli } from "../harness/stl-cli.ts";
import { assistantAndDatabase } from "./assistant-and-database.ts";

const HOUR = 3_600_000;
type Setup = Awaited<ReturnType<typeof assistantAndDatabase>>;

describe("holds and call caps through a server process", () => {
  let setup: Setup;
  let server: ServerProcess;
  let token: string;
  let holdId: string;
  let holidayEnd: string;

  beforeAll(async () => {
    setup = await assistantAndDatabase({ DISPATCHER_POLL_MS: "100", LOG_LEVEL: "warn" });
    ({ token } = await seedToken(setup.env, "acme", "limits"));
    // Added before the server starts: in force from now, for two days (far past any respond_by).
    const until = new Date(Date.now() + 48 * HOUR).toISOString();
    const held = await runCli(
      ["holds", "add", "--state", "LA", "--until", until, "--reason", "declared emergency", "--json"],
      setup.env,
    );
    expect(held.exitCode, held.stderr).toBe(0);
    holdId = JSON.parse(held.stdout).id;
    // A holiday set only by proclamation on San Diego's code, 30 hours from now: it covers the next permitted
    // start of a California number (every day, 08:00–20:00 local) whatever the day.
    holidayEnd = new Date(Date.now() + 30 * HOUR).toISOString();
    const holiday = await runCli(
      ["holds", "add", "--area-codes", "619", "--until", holidayEnd, "--reason", "proclamation", "--holiday"],
      setup.env,
    );
    expect(holiday.exitCode, holiday.stderr).toBe(0);
    server = await startServerProcess({ env: setup.env });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await setup?.assistant.stop();
  });

  /** Posts an eligible lead and returns its hand-off once the assistant has it. */
  async function handOff(overrides: Record<string, unknown>) {
    const posted = await postLead(server.baseUrl, { token, body: eligibleLead(overrides) });
    expect(posted.status).toBe(201);
    const { assistant } = setup;
    const mine = () => assistant.deliveries.find((d) => d.payload.data.lead_id === posted.body.id);
    await assistant.waitUntil(() => mine() !== undefined, `the hand-off of ${overrides.phone}`);
    return mine()!.payload.data;
  }

  it("a Louisiana lead under the hold is answered by email without its phone; after stl holds remove it is called", async () => {
    const held = await handOff({ phone: "(504) 555-0101", email: "ana@example.com" });
    expect(held.call).toEqual({ permitted: false, reason: "held" });
    expect([held.phone, held.call_window]).toEqual([undefined, undefined]);

    const removed = await runCli(["holds", "remove", holdId, "--by", "ops"], setup.env);
    expect(removed.exitCode, removed.stderr).toBe(0);
    // Each dispatcher reads the holds at most once a second.
    await Bun.sleep(1_500);
    const called = await handOff({ phone: "(504) 555-0102", email: "eva@example.com" });
    expect([called.call, called.phone]).toEqual([{ permitted: true }, "+15045550102"]);
    expect(called.call_window!.rules_applied.map((rule) => rule.kind)).not.toContain("hold");
  });

  it("a lead under a holiday hold is still called: its window starts after the holiday, which rules_applied names", async () => {
    const data = await handOff({ phone: "(619) 555-0105" });
    expect([data.call, data.phone]).toEqual([{ permitted: true }, "+16195550105"]);
    expect(Date.parse(data.call_window!.earliest)).toBeGreaterThanOrEqual(Date.parse(holidayEnd));
    expect(data.call_window!.rules_applied).toContainEqual(
      expect.objectContaining({
        kind: "hold",
        name: "Holiday by proclamation (area codes 619)",
        until: holidayEnd,
      }),
    );
  });

  it("three signed call attempts to a Florida number in 24 hours: the next hand-off's window waits for the oldest to leave", async () => {
    const phone = "(305) 555-0103";
    const first = await handOff({ phone });
    const oldest = Date.now() - 3 * HOUR;
    for (const at of [oldest, Date.now() - 2 * HOUR, Date.now() - HOUR]) {
      const event = {
        type: "lead.call_attempted",
        timestamp: new Date().toISOString(),
        data: { lead_id: first.lead_id, attempted_at: new Date(at).toISOString() },
      };
      const { body, headers } = signWebhook(event as never, setup.env.ASSISTANT_WEBHOOK_SECRET!);
      const response = await fetch(`${server.baseUrl}${ASSISTANT_EVENTS_PATH}`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body,
      });
      expect(response.status).toBe(200);
    }
    expectCappedWindow((await handOff({ phone })).call_window!, oldest, "US-FL");
    // A California number has no cap at all.
    const free = (await handOff({ phone: "(415) 555-0104" })).call_window!;
    expect(free.rules_applied.map((rule) => rule.kind)).not.toContain("cap");
  });
});
