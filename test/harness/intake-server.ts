// The server every intake suite shares on one backend: one process, four channel tokens, two accounts.
import type { Backend } from "./database-backend.ts";
import { type LeadServer, useLeadServer } from "./lead-server-fixture.ts";

/**
 * main, revoked and expired (rolled with no overlap) live in one account, other in a second one
 * (cross-account isolation, token_conflict).
 */
export type IntakeServer = LeadServer<"main" | "other" | "revoked" | "expired">;

/** Starting a server (and, on PGlite, a fresh embedded database) dominates the run: suites share one per backend. */
export function useIntakeServer(backend: Backend, processes = 1): IntakeServer {
  return useLeadServer(backend, {
    processes,
    tokens: { main: "intake-a", other: "intake-b", revoked: "intake-a", expired: "intake-a" },
    revoke: ["revoked"],
    expire: ["expired"],
  });
}
