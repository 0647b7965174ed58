// The SDK's retry path end to end: the first response is lost after the server committed the lead; the SDK
// retries with the same idempotency key and its caller gets that one lead, replayed.
import { ConnectionError, createLeadClient } from "@speed-to-lead/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type Fault, type FaultProxy, startFaultProxy } from "../harness/fault-proxy.ts";
import type { IntakeServer } from "../harness/intake-server.ts";
import { postLead } from "../harness/lead-http.ts";
import { expectConformant } from "../harness/openapi-conformance.ts";

const lead = () => ({
  phone: "(312) 555-0188",
  first_name: "Ana",
  platform: "retry-test",
  external_lead_id: `ext-${crypto.randomUUID()}`,
  consent: {
    source: "webform:/contact",
    reference: "sub_1",
    captured_at: new Date(Date.now() - 60_000).toISOString(),
  },
});

export function sdkRetrySuite(server: IntakeServer): void {
  describe("SDK retries against the real server", () => {
    let proxy: FaultProxy | undefined;
    afterEach(async () => {
      await proxy?.close();
      proxy = undefined;
    });

    /** Proves there is one lead: its key replays the same id, and its external id repeats as that lead. */
    async function expectOnlyLead(body: ReturnType<typeof lead>, idempotencyKey: string, id: string) {
      const replay = await postLead(
        server.baseUrl,
        { token: server.tokens.main.token, body, headers: { "Idempotency-Key": idempotencyKey } },
        { replayed: true },
      );
      expect(replay.body.id).toBe(id);
      const repeat = await postLead(server.baseUrl, {
        token: server.tokens.main.token,
        body: { email: "x@example.com", platform: body.platform, external_lead_id: body.external_lead_id },
      });
      expect([repeat.status, repeat.body.id]).toEqual([200, id]);
    }

    it.each<[string, Fault, { timeoutMs?: number }]>([
      ["the connection closes as the response starts", { kind: "drop-response" }, {}],
      [
        "the response stalls past the SDK's timeout",
        { kind: "stall-then-drop", ms: 5_000 },
        { timeoutMs: 1_000 },
      ],
      ["a gateway answers 502 instead of the response", { kind: "bad-gateway" }, {}],
    ])("%s: one lead, replayed", async (_name, fault, options) => {
      proxy = await startFaultProxy(server.processes[0]!.port, [fault]);
      const client = createLeadClient({
        baseUrl: proxy.baseUrl,
        token: server.tokens.main.token,
        maxRetries: 2,
        ...options,
      });
      const body = lead();
      const idempotencyKey = `retry-${crypto.randomUUID()}`;
      const result = await client.postLead(body, { idempotencyKey });
      expect(proxy.faults).toBe(1);
      expect(proxy.connections).toBe(2);
      expect(result).toMatchObject({ created: true, replayed: true, callEligible: true });
      expect(result.lead.phone).toBe("+13125550188");
      await expectOnlyLead(body, idempotencyKey, result.id);
    });

    it("an injected fetch that loses the first committed response: the caller gets that lead, replayed", async () => {
      const seen: Response[] = [];
      const client = createLeadClient({
        baseUrl: server.baseUrl,
        token: server.tokens.main.token,
        fetch: async (request) => {
          const response = await fetch(request);
          seen.push(response.clone()); // a copy for the spec check; the SDK reads the original
          if (seen.length === 1)
            throw new TypeError("fetch failed: socket hang up (injected after the server answered)");
          return response;
        },
      });
      const body = lead();
      const result = await client.postLead(body);
      expect(seen).toHaveLength(2);
      const [lost, replayed] = await Promise.all([
        expectConformant(seen[0]!, "postLead", { replayed: false }),
        expectConformant(seen[1]!, "postLead", { replayed: true }),
      ]);
      expect(lost.status).toBe(201);
      expect(result).toMatchObject({ id: lost.body.id, created: true, replayed: true });
      expect(replayed.text).toBe(lost.text);
    });

    it("with retries exhausted the caller gets a ConnectionError holding the generated key, and a later retry with it finds the lead", async () => {
      proxy = await startFaultProxy(server.processes[0]!.port, [
        { kind: "drop-response" },
        { kind: "drop-response" },
      ]);
      const client = createLeadClient({
        baseUrl: proxy.baseUrl,
        token: server.tokens.main.token,
        maxRetries: 1,
      });
      const body = lead();
      // No key of the caller's: the SDK generates one, and the error must give it back.
      const error = await client.postLead(body).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(proxy.faults).toBe(2);
      const { idempotencyKey, attempts } = error as ConnectionError;
      expect(attempts).toBe(2);
      expect(idempotencyKey).toEqual(expect.any(String));
      const direct = createLeadClient({ baseUrl: server.baseUrl, token: server.tokens.main.token });
      const result = await direct.postLead(body, { idempotencyKey });
      expect(result).toMatchObject({ created: true, replayed: true });
      await expectOnlyLead(body, idempotencyKey!, result.id);
    });
  });
}
