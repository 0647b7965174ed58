// Every suite of the intake contract that holds for any endpoint (in process or over a socket), in one call.
import type { IntakeEndpoint } from "@speed-to-lead/server/testing/intake-endpoint";
import { awkwardTextSuite } from "./awkward-text.ts";
import { brokenLeadsSuite } from "./broken-leads.ts";
import { concurrencySuite } from "./concurrency.ts";
import { documentedResponsesSuite } from "./documented-responses.ts";
import { externalIdRepeatsSuite } from "./external-id-repeats.ts";
import { neverCallEligibleSuite } from "./never-call-eligible.ts";
import { noServerErrorsSuite } from "./no-server-errors.ts";
import { sdkErrorsSuite } from "./sdk-errors.ts";
import { servedOpenApiSuite } from "./served-openapi.ts";
import { validLeadsSuite } from "./valid-leads.ts";

/** Registers the contract's suites against `endpoint`; its propertyRuns sets each property's cases. */
export function intakeContractSuites(endpoint: IntakeEndpoint): void {
  servedOpenApiSuite(endpoint);
  documentedResponsesSuite(endpoint);
  validLeadsSuite(endpoint);
  externalIdRepeatsSuite(endpoint);
  brokenLeadsSuite(endpoint);
  neverCallEligibleSuite(endpoint);
  noServerErrorsSuite(endpoint);
  awkwardTextSuite(endpoint);
  concurrencySuite(endpoint);
  sdkErrorsSuite(endpoint);
}
