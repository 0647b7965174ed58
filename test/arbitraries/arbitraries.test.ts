// The generators mean what they claim: checked with ajv on spec/openapi.json and with libphonenumber-js.

import { propertyRuns } from "@speed-to-lead/server/testing/property-runs";
import fc from "fast-check";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { schemaErrors } from "../harness/spec-ajv.ts";
import { brokenBody, brokenLead } from "./broken-lead.ts";
import { dateTimeWithZone } from "./date-time.ts";
import { nonUsNanpPhone, US_TERRITORY_AREA_CODES, usPhone } from "./nanp-phone.ts";
import { validLead } from "./valid-lead.ts";

const US_COUNTRIES = ["US", "PR", "GU", "VI", "MP", "AS"];
const now = () => Date.now();

describe("arbitraries", () => {
  it("valid leads are valid LeadInput for ajv", () => {
    fc.assert(
      fc.property(validLead({ now }), (lead) => {
        expect(schemaErrors("LeadInput", JSON.parse(JSON.stringify(lead.body)))).toEqual([]);
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it("US phones are valid US (or US territory) numbers whose E.164 is +1 and the ten digits", () => {
    fc.assert(
      fc.property(usPhone, (phone) => {
        const parsed = parsePhoneNumberFromString(phone.raw, { defaultCountry: "US" });
        expect(parsed?.isValid()).toBe(true);
        expect(US_COUNTRIES).toContain(parsed?.country);
        expect(parsed?.number).toBe(`+1${phone.national}`);
      }),
      { numRuns: propertyRuns(2_000) },
    );
    const territories = fc
      .sample(usPhone, 2_000)
      .filter((phone) => US_TERRITORY_AREA_CODES.includes(Number(phone.national.slice(0, 3))));
    expect(territories.length).toBeGreaterThan(0);
  });

  it("non-US +1 phones are valid numbers of another country", () => {
    fc.assert(
      fc.property(nonUsNanpPhone, (phone) => {
        const parsed = parsePhoneNumberFromString(phone.raw, { defaultCountry: "US" });
        expect(parsed?.isValid()).toBe(true);
        expect(US_COUNTRIES).not.toContain(parsed?.country);
      }),
      { numRuns: propertyRuns(2_000) },
    );
  });

  it("date-times match the spec's date-time and name the instant they were made from", () => {
    const range = { min: new Date("1990-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z") };
    fc.assert(
      fc.property(dateTimeWithZone(range), (dateTime) => {
        expect(schemaErrors("Consent", { source: "s", reference: "r", captured_at: dateTime.text })).toEqual(
          [],
        );
        expect(Date.parse(dateTime.text)).toBe(dateTime.epochMs);
      }),
      { numRuns: propertyRuns(2_000) },
    );
  });

  it("broken leads break JSON Schema exactly when the rule is one JSON Schema can express", () => {
    fc.assert(
      fc.property(brokenLead({ now }), (lead) => {
        const { broken } = lead;
        const errors = schemaErrors("LeadInput", JSON.parse(JSON.stringify(brokenBody(lead))));
        expect(errors.length > 0, `${broken.rule}: ${JSON.stringify(errors)}`).toBe(broken.schemaRule);
      }),
      { numRuns: propertyRuns(2_000) },
    );
  });
});
