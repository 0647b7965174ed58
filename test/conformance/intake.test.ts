// The intake contract over a real socket, once on PGlite and once on PostgreSQL, through fetch and the built SDK:
// every suite of the in-process pass (test/contract/intake.route.test.ts) with fewer cases per property, and the
// SDK's retries through a proxy that loses answers. One server per backend for every suite.
import { describe } from "vitest";
import { BACKENDS } from "../harness/database-backend.ts";
import { useIntakeServer } from "../harness/intake-server.ts";
import { intakeContractSuites } from "../suites/intake-contract.ts";
import { sdkRetrySuite } from "../suites/sdk-retry.ts";

describe.each(BACKENDS)("intake over a socket on %s", (backend) => {
  const server = useIntakeServer(backend);
  intakeContractSuites(server);
  sdkRetrySuite(server);
});
