// The scale-out path: two server processes on one PostgreSQL. Uniqueness must come from the database,
// never from one process's memory, so concurrent duplicates spread over both still make one lead.
import { describe } from "vitest";
import { useLeadServer } from "../harness/lead-server-fixture.ts";
import { concurrencySuite } from "../suites/concurrency.ts";

describe("two server processes sharing one PostgreSQL", () => {
  const server = useLeadServer("postgres", { tokens: { main: "scale-a", other: "scale-b" }, processes: 2 });
  concurrencySuite(server);
});
