// The intake contract over a real socket, once on PGlite and once on PostgreSQL, through fetch and the built SDK:
// every suite of the in-process pass (test/contract/intake.route.test.ts) with fewer cases per property, and the
// SDK's retries through a proxy that loses answers. One server per backend for every suite.
import { describe } from "vitest";
import { BACKENDS } from "../harness/database-backend.ts";
import { useIntakeServer } from "../harness/intake-server.ts";
import { awkwardTextSuite } from "../suites/awkward-text.ts";
import { brokenLeadsSuite } from "../suites/broken-leads.ts";
import { concurrencySuite } from "../suites/concurrency.ts";
import { documentedResponsesSuite } from "../suites/documented-responses.ts";
import { externalIdRepeatsSuite } from "../suites/external-id-repeats.ts";
import { neverCallEligibleSuite } from "../suites/never-call-eligible.ts";
import { noServerErrorsSuite } from "../suites/no-server-errors.ts";
import { sdkErrorsSuite } from "../suites/sdk-errors.ts";
import { sdkRetrySuite } from "../suites/sdk-retry.ts";
import { servedOpenApiSuite } from "../suites/served-openapi.ts";
import { validLeadsSuite } from "../suites/valid-leads.ts";

describe.each(BACKENDS)("intake over a socket on %s", (backend) => {
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
