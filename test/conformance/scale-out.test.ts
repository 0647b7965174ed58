// The scale-out path: two server processes on one PostgreSQL. Uniqueness must come from the database,
// never from one process's memory, so concurrent duplicates spread over both still make one lead.
import { describe } from "vitest";
import { useIntakeServer } from "../harness/intake-server.ts";
import { useLeadServer } from "../harness/lead-server-fixture.ts";
import { concurrencySuite } from "../suites/concurrency.ts";
import { documentedResponsesSuite } from "../suites/documented-responses.ts";
import { sdkRetrySuite } from "../suites/sdk-retry.ts";

describe("two server processes sharing one PostgreSQL", () => {
  const server = useLeadServer("postgres", { tokens: { main: "scale-a", other: "scale-b" }, processes: 2 });
  concurrencySuite(server);
});

// The same through PgBouncer in transaction mode (DATABASE_POOLER=transaction): no named prepared
// statement, no session state. Every documented answer, replays and races; the property suites
// (a thousand cases each) run on PostgreSQL directly in intake.test.ts.
describe("two server processes through a transaction-mode pooler", () => {
  const server = useIntakeServer("pooled", 2);
  documentedResponsesSuite(server);
  concurrencySuite(server);
  sdkRetrySuite(server);
});
