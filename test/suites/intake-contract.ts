// Every intake suite against one server of a backend: started once, since starting servers, not requests,
// would otherwise dominate the run.
import { describe } from "vitest";
import type { Backend } from "../harness/database-backend.ts";
import { useIntakeServer } from "../harness/intake-server.ts";
import { awkwardTextSuite } from "./awkward-text.ts";
import { brokenLeadsSuite } from "./broken-leads.ts";
import { concurrencySuite } from "./concurrency.ts";
import { documentedResponsesSuite } from "./documented-responses.ts";
import { externalIdRepeatsSuite } from "./external-id-repeats.ts";
import { neverCallEligibleSuite } from "./never-call-eligible.ts";
import { noServerErrorsSuite } from "./no-server-errors.ts";
import { sdkErrorsSuite } from "./sdk-errors.ts";
import { sdkRetrySuite } from "./sdk-retry.ts";
import { servedOpenApiSuite } from "./served-openapi.ts";
import { validLeadsSuite } from "./valid-leads.ts";

/** @example intakeContract("pglite") // in a test file of its own per backend, so the backends run side by side */
export function intakeContract(backend: Backend): void {
  describe(`intake on ${backend}`, () => {
    const server = useIntakeServer(backend);
    servedOpenApiSuite(server);
    documentedResponsesSuite(server);
    validLeadsSuite(server);
    externalIdRepeatsSuite(server);
    brokenLeadsSuite(server);
    neverCallEligibleSuite(server);
    noServerErrorsSuite(server);
    awkwardTextSuite(server);
    concurrencySuite(server);
    sdkErrorsSuite(server);
    sdkRetrySuite(server);
  });
}
