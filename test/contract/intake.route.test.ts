// The intake contract in this process, once per database of the run: createApp on a fresh database, reached by
// app.handle, through fetch and the SDK (from its sources). The properties' cases run here; the pass over a
// real socket (test/conformance/intake.test.ts) proves the server process and the built SDK.
import { BACKENDS } from "@speed-to-lead/server/testing/backends";
import { useIntakeApp } from "@speed-to-lead/server/testing/intake-endpoint";
import { describe } from "vitest";
import { awkwardTextSuite } from "../suites/awkward-text.ts";
import { brokenLeadsSuite } from "../suites/broken-leads.ts";
import { concurrencySuite } from "../suites/concurrency.ts";
import { documentedResponsesSuite } from "../suites/documented-responses.ts";
import { externalIdRepeatsSuite } from "../suites/external-id-repeats.ts";
import { neverCallEligibleSuite } from "../suites/never-call-eligible.ts";
import { noServerErrorsSuite } from "../suites/no-server-errors.ts";
import { sdkErrorsSuite } from "../suites/sdk-errors.ts";
import { servedOpenApiSuite } from "../suites/served-openapi.ts";
import { validLeadsSuite } from "../suites/valid-leads.ts";

describe.each(BACKENDS)("intake in process on %s", (backend) => {
  const app = useIntakeApp(backend);
  servedOpenApiSuite(app);
  documentedResponsesSuite(app);
  validLeadsSuite(app);
  externalIdRepeatsSuite(app);
  brokenLeadsSuite(app);
  neverCallEligibleSuite(app);
  noServerErrorsSuite(app);
  awkwardTextSuite(app);
  concurrencySuite(app);
  sdkErrorsSuite(app);
});
