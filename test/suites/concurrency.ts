// Concurrent duplicates become one lead: one idempotency key, one external id, one or two server processes.
import { createLeadClient } from "@speed-to-lead/sdk";
import { describe, expect, it } from "vitest";
import { postLead } from "../harness/lead-http.ts";
import type { LeadServer } from "../harness/lead-server-fixture.ts";
import { expectOneLeadForOneExternalId, expectOneLeadForOneKey } from "../harness/one-lead.ts";
import { expectStoredLeads, expectStoredResponseTasks } from "../harness/stored-leads.ts";

const PARALLEL = 50;
const lead = () => ({ phone: "+1 (512) 555-0142", email: `burst-${crypto.randomUUID()}@example.com` });

/** Sends `count` posts at once, spread over the server's processes, each checked against the spec. */
function burst(
  server: LeadServer<"main" | "other">,
  count: number,
  request: (index: number) => { token: string; body: unknown },
) {
  return Promise.all(
    Array.from({ length: count }, (_, index) => {
      const process = server.processes[index % server.processes.length]!;
      return postLead(process.baseUrl, request(index));
    }),
  );
}

/** For one deployment: one process, or several on one database (requests are spread over them). */
export function concurrencySuite(server: LeadServer<"main" | "other">): void {
  describe("concurrent duplicates", () => {
    it(`${PARALLEL} parallel posts with one idempotency key give one lead`, async () => {
      const body = { ...lead(), idempotency_key: `burst-${crypto.randomUUID()}` };
      const responses = await burst(server, PARALLEL, () => ({ token: server.tokens.main.token, body }));
      const id = expectOneLeadForOneKey(responses);
      await expectStoredLeads(server.database, "email", body.email, 1);
      // Afterwards the key still names that lead.
      const later = await postLead(
        server.baseUrl,
        { token: server.tokens.main.token, body },
        { replayed: true },
      );
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
      await expectStoredLeads(server.database, "external_lead_id", externalLeadId, 1);
      await expectStoredResponseTasks(server.database, externalLeadId, 1);
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
      await expectStoredLeads(server.database, "email", body.email, 2);

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
      await expectStoredLeads(server.database, "external_lead_id", externalLeadId, 2);
    });

    it(`${PARALLEL} parallel SDK calls with one idempotency key resolve to one lead`, async () => {
      const idempotencyKey = `sdk-burst-${crypto.randomUUID()}`;
      const body = lead();
      const results = await Promise.all(
        Array.from({ length: PARALLEL }, (_, index) =>
          createLeadClient({
            baseUrl: server.processes[index % server.processes.length]!.baseUrl,
            token: server.tokens.main.token,
          }).postLead(body, { idempotencyKey }),
        ),
      );
      expect(new Set(results.map((result) => result.id)).size).toBe(1);
      expect(results.filter((result) => !result.replayed)).toHaveLength(1);
      await expectStoredLeads(server.database, "email", body.email, 1);
    });
  });
}
