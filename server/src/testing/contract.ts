// Test helper: response bodies judged against spec/openapi.json by the one ajv the cross-package tests use.
import { schemaErrors } from "@speed-to-lead/tests/harness/spec-ajv";

/** The ajv errors of `value` against `#/components/schemas/<name>`; empty when it conforms. */
export const contractErrors = (
  name: "LeadAccepted" | "Problem" | "LeadInput" | "StoredLead" | "LeadStatus" | "HandoffPayload",
  value: unknown,
) => schemaErrors(name, value);
