// Test helper: checks response bodies against spec/openapi.json with ajv, a validator independent of TypeBox.
import openapi from "@speed-to-lead/spec/openapi.json" with { type: "json" };
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema(openapi, "openapi");

/** The ajv errors of `value` against `#/components/schemas/<name>`; empty when it conforms. */
export function contractErrors(
  name: "LeadAccepted" | "Problem" | "LeadInput" | "StoredLead" | "LeadStatus" | "HandoffPayload",
  value: unknown,
) {
  const validate = ajv.getSchema(`openapi#/components/schemas/${name}`);
  if (!validate) throw new Error(`no component schema ${name}`);
  return validate(value) ? [] : (validate.errors ?? []);
}
