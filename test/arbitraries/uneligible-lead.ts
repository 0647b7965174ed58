// Valid leads the assistant must never call: a test lead, no complete consent block, or no phone.
import fc from "fast-check";
import { consentBlock, validLead } from "./valid-lead.ts";

export type NeverCalledBecause = "test" | "no_consent" | "no_phone";

/**
 * A valid lead with at least one reason never to be called (the others may hold or not).
 *
 * @example fc.sample(uneligibleLead({ now: Date.now }), 1)[0].reasons // ["no_phone"]
 */
export function uneligibleLead(options: { now: () => number }) {
  const reasons = fc.subarray<NeverCalledBecause>(["test", "no_consent", "no_phone"], { minLength: 1 });
  return fc
    .tuple(validLead(options), reasons, consentBlock(options.now), fc.constantFrom("absent", "null"))
    .map(([lead, because, consent, noConsentAs]) => {
      const body: Record<string, unknown> = { ...lead.body };
      // Start from a lead that would be called, then add the reasons not to.
      body.test = false;
      body.consent = consent;
      if (body.phone === undefined) body.phone = "+14155552671";
      if (because.includes("test")) body.test = true;
      if (because.includes("no_consent")) {
        if (noConsentAs === "null") body.consent = null;
        else delete body.consent;
      }
      if (because.includes("no_phone")) {
        delete body.phone;
        body.email ??= "lead@example.com";
      }
      return { body, because, extraFields: lead.extraFields };
    });
}
