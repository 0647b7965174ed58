// The server every intake suite shares on one backend over a socket: one process (or several), the intake tokens.
import { INTAKE_TOKENS, type IntakeEndpoint } from "@speed-to-lead/server/testing/intake-endpoint";
import type { Backend } from "./database-backend.ts";
import { type LeadServer, useLeadServer } from "./lead-server-fixture.ts";

/** The intake endpoint as server processes; its tokens are those of INTAKE_TOKENS. */
export type IntakeServer = LeadServer<keyof IntakeEndpoint["tokens"]>;

/** Starting a server (and, on PGlite, a fresh embedded database) dominates the run: suites share one per backend. */
export function useIntakeServer(backend: Backend, processes = 1): IntakeServer {
  return useLeadServer(backend, { processes, ...INTAKE_TOKENS });
}
