// Opt-outs across processes on one PostgreSQL: a server and a `stl dispatch` worker both dispatching,
// the assistant's signed event over HTTP, and `stl dnc remove` from a third process.

import type { FakeAssistant } from "@speed-to-lead/server/testing/fake-assistant";
import { eligibleLead } from "@speed-to-lead/server/testing/handoff-fixture";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv } from "../harness/child-env.ts";
import { postLead } from "../harness/lead-http.ts";
import { type ServerProcess, startServerProcess, untilReady } from "../harness/server-process.ts";
import { CLI_ENTRY, runCli } from "../harness/stl-cli.ts";
import { assistantAndDatabase } from "./assistant-and-database.ts";

describe("an opt-out reaches every dispatching process", () => {
  let assistant: FakeAssistant;
  let server: ServerProcess | undefined;
  let worker: ReturnType<typeof Bun.spawn> | undefined;
  let env: Record<string, string>;
  beforeAll(async () => {
    ({ assistant, env } = await assistantAndDatabase({
      DISPATCHER_POLL_MS: "100",
      DISPATCHER_RETRY_BASE_MS: "150",
      DISPATCHER_RETRY_MAX_MS: "150",
      // The harness waits for the server's "listening" and "ready" info lines.
      LOG_LEVEL: "info",
    }));
  });
  afterAll(async () => {
    worker?.kill("SIGKILL");
    await server?.stop("SIGKILL");
    await assistant?.stop();
  });

  it("cancels retrying hand-offs in the server and the worker at once; a removal within respond_by resumes them", async () => {
    const { token } = await seedToken(env, "acme", "integration");
    server = await startServerProcess({ env, until: "listening" });
    await untilReady(server);
    worker = Bun.spawn(["bun", CLI_ENTRY, "dispatch"], {
      env: childEnv(env),
      stdout: "ignore",
      stderr: "ignore",
    });

    // The assistant is down: every hand-off is retried, by whichever process claims it.
    assistant.failNext(1_000_000, 503);
    const leads = await Promise.all(
      [0, 1, 2].map(() =>
        postLead(server!.baseUrl, { token, body: eligibleLead({ phone: "(512) 555-0170" }) }),
      ),
    );
    const ids = leads.map((lead) => lead.body.id);
    await assistant.waitUntil(
      () => ids.every((id) => assistant.deliveries.filter((d) => d.payload.data.lead_id === id).length >= 2),
      "every lead retried",
    );

    // The assistant reports the opt-out for one of them, signed, over HTTP.
    const body = JSON.stringify({
      type: "lead.opted_out",
      timestamp: new Date().toISOString(),
      data: { lead_id: ids[0] },
    });
    const webhookId = `msg_${crypto.randomUUID()}`;
    const now = new Date();
    const response = await fetch(`${server.baseUrl}/api/speed-to-lead/assistant-events`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": webhookId,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": new Webhook(assistant.secret).sign(webhookId, now, body),
      },
      body,
    });
    expect(response.status).toBe(200);
    expect((await response.json()).handoffs_cancelled).toBe(3);
    const attemptsAtOptOut = assistant.deliveries.length;

    // A second later: at most the attempts already in flight (one per process) arrived after it.
    await Bun.sleep(1_000);
    expect(assistant.deliveries.length - attemptsAtOptOut).toBeLessThanOrEqual(2);
    const settled = assistant.deliveries.length;
    await Bun.sleep(500);
    expect(assistant.deliveries.length).toBe(settled);
    const later = await postLead(server.baseUrl, {
      token: token,
      body: eligibleLead({ phone: "+15125550170" }),
    });
    expect(later.body.lead.response).toEqual({ state: "not_called", reason: "opted_out" });

    // The number comes off the list from the CLI; the assistant is back; the four leads are handed off.
    assistant.failNext(0);
    const removed = await runCli(["dnc", "remove", "512-555-0170", "--account", "acme", "--json"], env);
    expect(JSON.parse(removed.stdout)).toEqual({ phone: "+15125550170", removed: true, handoffsResumed: 4 });
    await assistant.waitUntil(() => assistant.acknowledged().size === 4, "four hand-offs after the removal");
  }, 90_000);
});
