// Property: a valid lead with exactly one rule broken gets 422 validation_failed pointing at that field.

import type { IntakeEndpoint } from "@speed-to-lead/server/testing/intake-endpoint";
import { itHoldsForAll } from "@speed-to-lead/server/testing/property-runs";
import fc from "fast-check";
import { describe, expect } from "vitest";
import { brokenBody, brokenLead } from "../arbitraries/broken-lead.ts";
import { sendLead, TRANSPORTS } from "../harness/lead-transports.ts";

/** A pointer names the broken field when it is that field or inside it (a consent block's own fields). */
const within = (pointer: string, field: string) => pointer === field || pointer.startsWith(`${field}/`);

export function brokenLeadsSuite(server: IntakeEndpoint): void {
  describe("leads breaking one rule", () => {
    itHoldsForAll(
      "get 422 validation_failed with a field error at the broken field, and no personal data echoed",
      () =>
        fc.asyncProperty(
          brokenLead({ now: Date.now }),
          fc.constantFrom(...TRANSPORTS),
          async (lead, transport) => {
            const body = brokenBody(lead);
            // The SDK refuses a malformed idempotency key itself, before any request: only fetch reaches the server.
            const via = lead.broken.pointer === "/idempotency_key" ? "fetch" : transport;
            const { wire } = await sendLead(via, server, server.tokens.main.token, body);
            const rule = `${lead.broken.rule} → ${wire.text}`;
            expect(wire.status, rule).toBe(422);
            expect(wire.body.code, rule).toBe("validation_failed");
            const errors: { pointer: string; code: string }[] = wire.body.errors ?? [];
            const field = lead.broken.pointer.startsWith("/consent") ? "/consent" : lead.broken.pointer;
            // Every error is about the broken field: nothing else was wrong.
            for (const error of errors) expect(within(error.pointer, field), rule).toBe(true);
            expect(
              errors.some(
                (error) =>
                  error.pointer === lead.broken.pointer && lead.broken.codes.includes(error.code as never),
              ),
              rule,
            ).toBe(true);
            // Errors never echo what was sent (the spec's problems carry codes and messages, not data).
            for (const value of [body.email, body.phone, body.first_name, body.last_name]) {
              if (typeof value === "string" && value.length >= 8)
                expect(wire.text, rule).not.toContain(JSON.stringify(value));
            }
          },
        ),
      1,
      server.propertyRuns,
    );
  });
}
