// The endpoint every intake suite shares on one database: four channel tokens in two accounts.
import { useAppEndpoint } from "./app-endpoint.ts";
import type { Backend } from "./backends.ts";
import type { ContractEndpoint } from "./endpoint.ts";
import type { TokenPlan } from "./seed-tokens.ts";

type IntakeTokenName = "main" | "other" | "revoked" | "expired";

/**
 * main, revoked and expired (rolled with no overlap) live in one account, other in a second one
 * (cross-account isolation, token_conflict).
 */
export type IntakeEndpoint = ContractEndpoint<IntakeTokenName>;

export const INTAKE_TOKENS: TokenPlan<IntakeTokenName> = {
  tokens: { main: "intake-a", other: "intake-b", revoked: "intake-a", expired: "intake-a" },
  revoke: ["revoked"],
  expire: ["expired"],
};

/** The intake suites' endpoint in this process: createApp on a fresh database of `backend`. */
export function useIntakeApp(backend: Backend): IntakeEndpoint {
  return useAppEndpoint(backend, INTAKE_TOKENS);
}
