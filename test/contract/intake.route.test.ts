// The intake contract in this process, once per database of the run: createApp on a fresh database, reached by
// app.handle, through fetch and the SDK (from its sources). The properties' cases run here; the pass over a
// real socket (test/conformance/intake.test.ts) proves the server process and the built SDK.
import { BACKENDS } from "@speed-to-lead/server/testing/backends";
import { useIntakeApp } from "@speed-to-lead/server/testing/intake-endpoint";
import { describe } from "vitest";
import { intakeContractSuites } from "../suites/intake-contract.ts";

describe.each(BACKENDS)("intake in process on %s", (backend) => {
  intakeContractSuites(useIntakeApp(backend));
});
