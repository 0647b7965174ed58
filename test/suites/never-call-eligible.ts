// Invariant: a test lead, a lead without a complete consent block and a lead without a phone are never call_eligible.

import type { IntakeEndpoint } from "@speed-to-lead/server/testing/intake-endpoint";
import { itHoldsForAll } from "@speed-to-lead/server/testing/property-runs";
import fc from "fast-check";
import { describe, expect } from "vitest";
import { uneligibleLead } from "../arbitraries/uneligible-lead.ts";
import { unique } from "../arbitraries/valid-lead.ts";
import { asSent, expectEligibility } from "../harness/accepted-lead-expectations.ts";
import { sendLead, TRANSPORTS } from "../harness/lead-transports.ts";

export function neverCallEligibleSuite(server: IntakeEndpoint): void {
  describe("leads that must never be called", () => {
    itHoldsForAll(
      "are accepted but never call_eligible, with the first reason that applies",
      () =>
        fc.asyncProperty(
          uneligibleLead({ now: Date.now }),
          fc.constantFrom(...TRANSPORTS),
          async (lead, transport) => {
            const body = unique(lead.body);
            const { wire, sdk } = await sendLead(transport, server, server.tokens.main.token, body);
            expect(wire.status, wire.text).toBe(201);
            expect(wire.body.call_eligible, lead.because.join(", ")).toBe(false);
            if (sdk && "result" in sdk) expect(sdk.result.callEligible).toBe(false);
            expectEligibility(asSent(body), wire.body);
          },
        ),
      1,
      server.propertyRuns,
    );
  });
}
