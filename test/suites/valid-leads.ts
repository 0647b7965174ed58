// Property: every valid lead is accepted (201) and comes back normalized; a retry with its key replays it.

import type { IntakeEndpoint } from "@speed-to-lead/server/testing/intake-endpoint";
import { itHoldsForAll } from "@speed-to-lead/server/testing/property-runs";
import fc from "fast-check";
import { describe, expect } from "vitest";
import { unique, validLead } from "../arbitraries/valid-lead.ts";
import { asSent, expectAcceptedLead } from "../harness/accepted-lead-expectations.ts";
import { postLead } from "../harness/lead-http.ts";
import { sendLead, TRANSPORTS } from "../harness/lead-transports.ts";

export function validLeadsSuite(server: IntakeEndpoint): void {
  describe("valid leads", () => {
    itHoldsForAll(
      "are created (201), normalized, and replayed unchanged for the same idempotency key",
      () =>
        fc.asyncProperty(
          validLead({ now: Date.now }),
          fc.constantFrom(...TRANSPORTS),
          async (lead, transport) => {
            const body = unique(lead.body);
            const token = server.tokens.main.token;
            const { wire } = await sendLead(transport, server, token, body, { replayed: false });
            expect(wire.status, wire.text).toBe(201);
            expectAcceptedLead(asSent(body), wire.body, {
              extraFields: lead.extraFields,
              e164: lead.phone && `+1${lead.phone.national}`,
            });
            if (typeof body.idempotency_key === "string") {
              // Same key, same payload: the first response again, byte for byte, marked as a replay.
              const replay = await postLead(server, { token, body }, { replayed: true });
              expect({ status: replay.status, text: replay.text }).toEqual({
                status: wire.status,
                text: wire.text,
              });
            }
          },
        ),
      2,
      server.propertyRuns,
    );
  });
}
