// Every lead's response and senders following their leads, against the real server on both databases:
// each delivered hand-off verified by the SDK's verifyWebhook and judged by the spec's webhooks schema.
import {
  ConnectionError,
  createLeadClient,
  findLead,
  getLead,
  LeadIntakeError,
  TimeoutError,
} from "@speed-to-lead/sdk";
import {
  type HandoffPayload,
  type StatusCallback,
  verifyWebhook,
  verifyWebhookBody,
} from "@speed-to-lead/sdk/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../harness/database-backend.ts";
import { startFaultProxy } from "../harness/fault-proxy.ts";
import { useLeadServer } from "../harness/lead-server-fixture.ts";
import { expectConformant } from "../harness/openapi-conformance.ts";
import { schemaErrors } from "../harness/spec-ajv.ts";

const SECRET = `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}`;
const LEADS = "/api/speed-to-lead/leads";

/** A stand-in assistant: every request must verify with the SDK helper; answers 2xx only then. */
function startAssistant() {
  const received: { webhookId: string; payload: HandoffPayload }[] = [];
  const refused: string[] = [];
  const server = Bun.serve({
    port: 0,
    async fetch(request) {
      try {
        const { event: payload } = await verifyWebhook<HandoffPayload>(request, SECRET);
        received.push({ webhookId: request.headers.get("webhook-id")!, payload });
        return new Response(null, { status: 204 });
      } catch (error) {
        refused.push(String(error));
        return new Response(null, { status: 401 });
      }
    },
  });
  return { url: `http://127.0.0.1:${server.port}/hook`, received, refused, stop: () => server.stop(true) };
}

const assistant = startAssistant();
afterAll(() => assistant.stop());

/** The sender's endpoint for status callbacks; verifies the raw body with the secret the CLI printed. */
function startCallbackReceiver() {
  const received: { webhookId: string; payload: StatusCallback }[] = [];
  const state = { secret: "", refused: [] as string[] };
  const server = Bun.serve({
    port: 0,
    async fetch(request) {
      try {
        // The raw-body path (as an Express receiver has it): the text and a plain object of headers.
        const headers = Object.fromEntries(request.headers);
        const { event: payload } = verifyWebhookBody<StatusCallback>(
          await request.text(),
          headers,
          state.secret,
        );
        received.push({ webhookId: request.headers.get("webhook-id")!, payload });
        return new Response(null, { status: 200 });
      } catch (error) {
        state.refused.push(String(error));
        return new Response(null, { status: 401 });
      }
    },
  });
  return { url: `http://127.0.0.1:${server.port}/callbacks`, received, state, stop: () => server.stop(true) };
}
const receiver = startCallbackReceiver();
afterAll(() => receiver.stop());

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  for (const deadline = Date.now() + 20_000; !(await condition()); await Bun.sleep(25)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

const consent = () => ({
  source: "webform:/contact",
  reference: crypto.randomUUID(),
  captured_at: new Date().toISOString(),
});

describe.each(BACKENDS)("following leads on %s", (backend) => {
  const server = useLeadServer(backend, {
    tokens: { main: "acme", sibling: "acme", other: "globex" },
    // The sibling follows the main token's leads: its owner let it read other channels.
    readsAllChannels: ["sibling"],
    env: {
      ASSISTANT_WEBHOOK_URL: assistant.url,
      ASSISTANT_WEBHOOK_SECRET: SECRET,
      LOG_LEVEL: "warn",
      DISPATCHER_POLL_MS: "200",
    },
    callbacks: { sibling: receiver.url },
  });
  const clientOf = (name: "main" | "sibling" | "other") =>
    createLeadClient({ baseUrl: server.baseUrl, token: server.tokens[name].token });
  let clients: Record<"main" | "sibling" | "other", ReturnType<typeof clientOf>>;
  beforeAll(() => {
    clients = { main: clientOf("main"), sibling: clientOf("sibling"), other: clientOf("other") };
  });
  const deliveriesOf = (leadId: string) =>
    assistant.received.filter((d) => d.payload.data.lead_id === leadId);

  it("hands off a call with the phone, an email-only answer without it, and a test lead never", async () => {
    const called = await clients.main.postLead({ phone: "(415) 555-0177", consent: consent() });
    const emailed = await clients.main.postLead({ phone: "(415) 555-0178", email: `${backend}@example.com` });
    const test = await clients.main.postLead({ phone: "(415) 555-0179", consent: consent(), test: true });
    expect([called.callEligible, emailed.callEligible]).toEqual([true, false]);
    await until(() => deliveriesOf(called.id).length > 0 && deliveriesOf(emailed.id).length > 0, "hand-offs");

    for (const { payload } of assistant.received) expect(schemaErrors("HandoffPayload", payload)).toEqual([]);
    expect(deliveriesOf(called.id)[0]!.payload.data).toMatchObject({
      call: { permitted: true },
      phone: "+14155550177",
      call_window: expect.any(Object),
    });
    const email = deliveriesOf(emailed.id)[0]!.payload.data;
    expect(email).toMatchObject({
      call: { permitted: false, reason: "no_consent" },
      email: `${backend}@example.com`,
    });
    expect(email).not.toHaveProperty("phone");
    expect(email).not.toHaveProperty("call_window");
    expect(JSON.stringify(email)).not.toContain("+1415");
    expect(deliveriesOf(test.id)).toEqual([]);
    expect(assistant.refused).toEqual([]);

    // The sender sees the response through any token of the account, as documented.
    const byId = await expectConformant(
      await fetch(`${server.baseUrl}${LEADS}/${called.id}`, {
        headers: { authorization: `Bearer ${server.tokens.sibling.token}` },
      }),
      "getLead",
    );
    expect(byId.status).toBe(200);
    expect(byId.body.id).toBe(called.id);
    // The acknowledgement is recorded just after the assistant's 2xx.
    await until(
      async () => (await getLead(clients.sibling, called.id)).lead.response.state === "handed_off",
      "handed_off",
    );
    const status = await getLead(clients.sibling, called.id);
    expect(status.handoff_attempts.some((attempt) => attempt.ok)).toBe(true);
  });

  it("finds a lead by external id for its account only; another account gets 404", async () => {
    const key = { platform: "crm", external_lead_id: `F-${crypto.randomUUID()}` };
    const posted = await clients.main.postLead({ ...key, email: "f@example.com" });
    const found = await findLead(clients.sibling, key);
    expect(found.id).toBe(posted.id);
    const conformant = await expectConformant(
      await fetch(`${server.baseUrl}${LEADS}?platform=crm&external_lead_id=${key.external_lead_id}`, {
        headers: { authorization: `Bearer ${server.tokens.main.token}` },
      }),
      "findLead",
    );
    expect(conformant.body.id).toBe(posted.id);
    for (const read of [() => getLead(clients.other, posted.id), () => findLead(clients.other, key)]) {
      const error = await read().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(LeadIntakeError);
      expect([(error as LeadIntakeError).status, (error as LeadIntakeError).code]).toEqual([
        404,
        "lead_not_found",
      ]);
    }
    const invalid = await expectConformant(
      await fetch(`${server.baseUrl}${LEADS}?platform=crm`, {
        headers: { authorization: `Bearer ${server.tokens.main.token}` },
      }),
      "findLead",
    );
    expect(invalid.body.code).toBe("lead_query_invalid");
  });

  it("sends the posting token's status callbacks, signed, once per webhook-id, conformant", async () => {
    receiver.state.secret = server.callbackSecrets.sibling!;
    const handed = await clients.sibling.postLead({ phone: "(415) 555-0181", consent: consent() });
    const notCalled = await clients.sibling.postLead({ phone: "(415) 555-0182", test: true });
    const silent = await clients.main.postLead({ phone: "(415) 555-0183", test: true });
    const of = (id: string) => receiver.received.filter((r) => r.payload.data.lead_id === id);
    await until(() => of(handed.id).length > 0 && of(notCalled.id).length > 0, "status callbacks");
    for (const { payload } of receiver.received) expect(schemaErrors("StatusCallback", payload)).toEqual([]);
    expect(of(handed.id)[0]!.payload).toMatchObject({
      type: "lead.handed_off",
      data: { response: { state: "handed_off" }, test: false },
    });
    expect(of(notCalled.id)[0]!.payload).toMatchObject({
      type: "lead.not_called",
      data: { response: { state: "not_called", reason: "test" }, test: true },
    });
    expect(JSON.stringify(receiver.received)).not.toContain("+1415");
    // Only tokens with a callback URL get them.
    await Bun.sleep(500);
    expect(of(silent.id)).toEqual([]);
    expect(new Set(receiver.received.map((r) => r.webhookId)).size).toBe(receiver.received.length);
    expect(receiver.state.refused).toEqual([]);
  });

  it("getLead and findLead go through the SDK's pipeline: a gateway's 502 is retried, a stall times out, a dead host is a ConnectionError", async () => {
    const platform = `pipeline-${backend}`;
    const posted = await clients.main.postLead({
      email: "reads@example.com",
      platform,
      external_lead_id: "R-1",
    });
    // Faults are per connection, in order: one proxy per fault, each a fresh client.
    const gateway = await startFaultProxy(server.processes[0]!.port, [{ kind: "bad-gateway" }]);
    const stall = await startFaultProxy(server.processes[0]!.port, [{ kind: "stall-then-drop", ms: 5_000 }]);
    try {
      const seen: Request[] = [];
      const throughGateway = createLeadClient({
        baseUrl: gateway.baseUrl,
        token: server.tokens.main.token,
        maxRetries: 1,
        fetch: (request) => {
          seen.push(request);
          return fetch(request);
        },
      });
      const read = await getLead(throughGateway, posted.id);
      expect(read.lead.external_lead_id).toBe("R-1");
      expect(seen.map((request) => request.headers.get("x-stl-retry-count"))).toEqual([null, "1"]);
      const throughStall = createLeadClient({ baseUrl: stall.baseUrl, token: server.tokens.main.token });
      const stalled = await findLead(
        throughStall,
        { platform, external_lead_id: "R-1" },
        { timeoutMs: 500, maxRetries: 0 },
      ).catch((caught: unknown) => caught);
      expect(stalled).toBeInstanceOf(TimeoutError);
      expect([gateway.faults, stall.faults]).toEqual([1, 1]);
    } finally {
      await Promise.all([gateway.close(), stall.close()]);
    }
    const dead = createLeadClient({
      baseUrl: gateway.baseUrl,
      token: server.tokens.main.token,
      maxRetries: 0,
    });
    await expect(getLead(dead, posted.id)).rejects.toBeInstanceOf(ConnectionError);
  });

  it("a dry run answers like a post, conformant and marked, and nothing is stored or handed off", async () => {
    const { result, response } = await clients.main
      .postLead({ phone: "(415) 555-0180", consent: consent() }, { dryRun: true })
      .withResponse();
    expect(response.headers.get("dry-run")).toBe("true");
    expect(result).toMatchObject({ created: true, callEligible: true, dryRun: true });
    const error = await getLead(clients.main, result.id).catch((caught: unknown) => caught);
    expect((error as LeadIntakeError).status).toBe(404);
    const raw = await expectConformant(
      await fetch(`${server.baseUrl}/api/speed-to-lead/channel-inbound.php`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${server.tokens.main.token}`,
          "content-type": "application/json",
          prefer: "handling=dry-run",
        },
        body: JSON.stringify({ email: "dry@example.com" }),
      }),
      "postLead",
    );
    expect(raw.body.dry_run).toBe(true);
    await Bun.sleep(300);
    expect(deliveriesOf(result.id)).toEqual([]);
    expect(deliveriesOf(raw.body.id)).toEqual([]);
  });
});
