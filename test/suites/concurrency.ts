// Concurrent duplicates become one lead: one idempotency key, one external id; one app, one server process or two.

import { createLeadClient } from "@speed-to-lead/sdk";
import type { ContractEndpoint } from "@speed-to-lead/server/testing/endpoint";
import { describe, expect, it } from "vitest";
import { postLead } from "../harness/lead-http.ts";
import { expectOneLeadForOneExternalId, expectOneLeadForOneKey } from "../harness/one-lead.ts";
import { expectStoredLeads, expectStoredResponseTasks } from "../harness/stored-leads.ts";

const PARALLEL = 50;
const lead = () => ({ phone: "+1 (512) 555-0142", email: `burst-${crypto.randomUUID()}@example.com` });

/** Sends `count` posts at once, spread over the ways in (a scale-out's processes), each checked against the spec. */
function burst(
  server: ContractEndpoint<"main" | "other">,
  count: number,
  request: (index: number) => { token: string; body: unknown },
) {
  return Promise.all(
    Array.from({ length: count }, (_, index) => {
      return postLead(server.ways[index % server.ways.length]!, request(index));
    }),
  );
}

/** For one deployment: one app or process, or several processes on one database (requests are spread over them). */
export function concurrencySuite(server: ContractEndpoint<"main" | "other">): void {
  describe("concurrent duplicates", () => {
    it(`${PARALLEL} parallel posts with one idempotency key give one lead`, async () => {
      const body = { ...lead(), idempotency_key: `burst-${crypto.randomUUID()}` };
      const responses = await burst(server, PARALLEL, () => ({ token: server.tokens.main.token, body }));
      const id = expectOneLeadForOneKey(responses);
      await expectStoredLeads(server, "email", body.email, 1);
      // Afterwards the key still names that lead.
      const later = await postLead(server, { token: server.tokens.main.token, body }, { replayed: true });
      expect(later.body.id).toBe(id);
    });

    it(`${PARALLEL} parallel posts of one (platform, external_lead_id) with different keys give one lead, and one response task when one brings consent`, async () => {
      const externalLeadId = `ext-${crypto.randomUUID()}`;
      const consent = {
        source: "webform:/contact",
        reference: externalLeadId,
        captured_at: new Date().toISOString(),
      };
      const responses = await burst(server, PARALLEL, (index) => ({
        token: server.tokens.main.token,
        body: {
          ...lead(),
          platform: "acme-crm",
          external_lead_id: externalLeadId,
          idempotency_key: `k-${index}-${externalLeadId}`,
          ...(index === 7 ? { consent } : {}),
        },
      }));
      expectOneLeadForOneExternalId(responses);
      await expectStoredLeads(server, "external_lead_id", externalLeadId, 1);
      await expectStoredResponseTasks(server, externalLeadId, 1);
    });

    it("the same key and the same external id in two accounts never meet: two accounts, two leads", async () => {
      const body = {
        ...lead(),
        idempotency_key: `shared-${crypto.randomUUID()}`,
        platform: "acme-crm",
        external_lead_id: `ext-${crypto.randomUUID()}`,
      };
      const tokens = [server.tokens.main.token, server.tokens.other.token];
      const responses = await burst(server, PARALLEL, (index) => ({ token: tokens[index % 2]!, body }));
      const byAccount = [0, 1].map((account) => responses.filter((_, index) => index % 2 === account));
      const ids = byAccount.map((accountResponses) => expectOneLeadForOneKey(accountResponses));
      expect(ids[0]).not.toBe(ids[1]);
      await expectStoredLeads(server, "email", body.email, 2);

      // The external id alone (fresh keys) is per account too.
      const externalLeadId = `ext-${crypto.randomUUID()}`;
      const byExternalId = await burst(server, PARALLEL, (index) => ({
        token: tokens[index % 2]!,
        body: { ...lead(), platform: "acme-crm", external_lead_id: externalLeadId },
      }));
      const externalIds = [0, 1].map((account) =>
        expectOneLeadForOneExternalId(byExternalId.filter((_, index) => index % 2 === account)),
      );
      expect(externalIds[0]).not.toBe(externalIds[1]);
      await expectStoredLeads(server, "external_lead_id", externalLeadId, 2);
    });

    it(`${PARALLEL} parallel SDK calls with one idempotency key resolve to one lead`, async () => {
      const idempotencyKey = `sdk-burst-${crypto.randomUUID()}`;
      const body = lead();
      const results = await Promise.all(
        Array.from({ length: PARALLEL }, (_, index) => {
          const way = server.ways[index % server.ways.length]!;
          return createLeadClient({
            baseUrl: way.baseUrl,
            fetch: way.fetch,
            token: server.tokens.main.token,
          }).postLead(body, { idempotencyKey });
        }),
      );
      expect(new Set(results.map((result) => result.id)).size).toBe(1);
      expect(results.filter((result) => !result.replayed)).toHaveLength(1);
      await expectStoredLeads(server, "email", body.email, 1);
    });
  });
}
