// Property: a repeat of (platform, external_lead_id) answers 200 with the same lead, updated, never a second deadline.

import type { IntakeEndpoint } from "@speed-to-lead/server/testing/intake-endpoint";
import { itHoldsForAll } from "@speed-to-lead/server/testing/property-runs";
import fc from "fast-check";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { describe, expect } from "vitest";
import { consentBlock, validLead } from "../arbitraries/valid-lead.ts";
import {
  asSent,
  hasCompleteConsent,
  LEAD_FIELDS_STORED_AS_SENT,
} from "../harness/accepted-lead-expectations.ts";
import { sendLead, TRANSPORTS } from "../harness/lead-transports.ts";

/** Fields a repeat may supply; the spec: "newly supplied fields update that lead". */
const UPDATED_AS_SENT = [...LEAD_FIELDS_STORED_AS_SENT, "context"] as const;

const e164 = (phone: string) => parsePhoneNumberFromString(phone, { defaultCountry: "US" })?.number;
const now = Date.now;

/** Two valid leads for one (platform, external id); the repeat keeps `test` and sends no null consent. */
const firstAndRepeat = fc
  .tuple(
    validLead({ now }),
    validLead({ now }),
    fc.stringMatching(/^[a-z-]{1,20}$/),
    fc.option(consentBlock(now), { nil: undefined }),
  )
  .map(([first, repeat, platform, repeatConsent]) => {
    const externalLeadId = `ext-${crypto.randomUUID()}`;
    const firstBody: Record<string, unknown> = { ...first.body, platform, external_lead_id: externalLeadId };
    delete firstBody.idempotency_key;
    const repeatBody: Record<string, unknown> = {
      ...repeat.body,
      platform,
      external_lead_id: externalLeadId,
    };
    delete repeatBody.idempotency_key;
    delete repeatBody.consent;
    if (repeatConsent) repeatBody.consent = repeatConsent;
    // `test` is settled by the first request ("never called" must stay true): the repeat repeats it or leaves it out.
    if (repeatBody.test !== undefined) repeatBody.test = firstBody.test ?? false;
    return { firstBody, repeatBody, repeatExtras: repeat.extraFields };
  });

export function externalIdRepeatsSuite(server: IntakeEndpoint): void {
  describe("external-id repeats", () => {
    itHoldsForAll(
      "answer 200 with the same id and deadline, the newly supplied fields, and eligibility from the merged lead",
      () =>
        fc.asyncProperty(firstAndRepeat, fc.constantFrom(...TRANSPORTS), async (pair, transport) => {
          const token = server.tokens.main.token;
          const first = await sendLead(transport, server, token, pair.firstBody, {
            replayed: false,
          });
          expect(first.wire.status, first.wire.text).toBe(201);
          const repeat = await sendLead(transport, server, token, pair.repeatBody, {
            replayed: false,
          });
          expect(repeat.wire.status, repeat.wire.text).toBe(200);

          const before = first.wire.body;
          const after = repeat.wire.body;
          const sentFirst = asSent(pair.firstBody);
          const sentRepeat = asSent(pair.repeatBody);
          expect(after.id).toBe(before.id);
          expect(after.created).toBe(false);
          // It never gets a second five-minute response.
          expect({ received_at: after.received_at, respond_by: after.respond_by }).toEqual({
            received_at: before.received_at,
            respond_by: before.respond_by,
          });
          const lead = after.lead;
          for (const field of UPDATED_AS_SENT) {
            expect(lead[field], field).toEqual(sentRepeat[field] ?? sentFirst[field]);
          }
          const phone = sentRepeat.phone ?? sentFirst.phone;
          expect(lead.phone).toEqual(phone === undefined ? undefined : e164(phone));
          expect(lead.source).toBe(
            after.lead.source_original === undefined
              ? (sentRepeat.source ?? sentFirst.source ?? "form")
              : "form",
          );
          expect(lead.test).toBe(sentFirst.test ?? false);
          const consent = hasCompleteConsent(sentRepeat) ? sentRepeat.consent : (sentFirst.consent ?? null);
          expect(lead.consent).toEqual(consent);
          expect([...after.ignored_fields].sort()).toEqual([...pair.repeatExtras].sort());

          // Eligibility of the merged lead: complete consent, not a test lead, a phone.
          const eligible = consent !== null && !(sentFirst.test ?? false) && phone !== undefined;
          expect(after.call_eligible).toBe(eligible);
          // A lead that may not be called is still answered by email when it is not a test lead and has one.
          const email = sentRepeat.email ?? sentFirst.email;
          const answered = eligible || (!(sentFirst.test ?? false) && email !== undefined);
          if (answered) expect(["pending", "handed_off", "missed"]).toContain(lead.response.state);
          else expect(lead.response.state).toBe("not_called");
        }),
      2,
      server.propertyRuns,
    );
  });
}
