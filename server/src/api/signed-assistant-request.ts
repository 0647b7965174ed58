// What the assistant's signed endpoints (its events, its pre-dial checks) check before their own work, in this
// order: 404 without a secret, 503 before migrations, 415, 413, 401 (signature, timestamp; 429 past the address's
// invalid-signature limit), 429 (rate), 400, 422.
import type { TSchema } from "@sinclair/typebox";
import type { TypeCheck } from "@sinclair/typebox/compiler";
import type { ProblemCode } from "@speed-to-lead/spec";
import { Elysia } from "elysia";
import {
  createFailedAuthLimiter,
  DEFAULT_FAILED_AUTH_PER_MINUTE,
} from "../core/accounts/failed-auth-limiter.ts";
import { registerFormats } from "../core/leads/validation/formats.ts";
import { schemaIssues } from "../core/leads/validation/schema-errors.ts";
import { clientAddress } from "../http/client-address.ts";
import { isJsonMediaType, parseJsonObject, readCappedBody } from "../http/request-body.ts";
import { type RequestState, requestState } from "../http/request-state.ts";
import { type ProblemOptions, problemResponse, UNAVAILABLE_RETRY_SECONDS } from "../http/respond.ts";
import { createSignatureVerifier } from "../http/signed-webhook.ts";
import type { RateLimiter } from "../http/token-bucket.ts";

export interface SignedAssistantDeps {
  /** ASSISTANT_WEBHOOK_SECRET; without it the endpoint does not exist (404). */
  secret: string | undefined;
  rateLimiter: RateLimiter;
  /** Invalid signatures one client address may send per minute (and at once) before its are 429; 0: no limit. */
  invalidSignaturesPerMinute?: number;
  /** TRUST_PROXY decides which address counts. */
  trustProxy?: boolean;
  /** False until migrations ran: 503 meanwhile. */
  isReady(): boolean;
}

export type SignedAssistantRequest<Body> =
  | { ok: true; webhookId: string; body: Body; state: RequestState }
  | { ok: false; response: Response };

const decoder = new TextDecoder();

registerFormats();

/**
 * `rateKey` names the endpoint's one bucket for validly signed requests: the assistant is one sender.
 *
 * @example const read = signedAssistantRequests(deps, "call-checks", TypeCompiler.Compile(CallCheckSchema));
 */
export function signedAssistantRequests<Schema extends TSchema>(
  deps: SignedAssistantDeps,
  rateKey: string,
  check: TypeCheck<Schema>,
) {
  const verify = deps.secret ? createSignatureVerifier(deps.secret) : undefined;
  // Forgeries are counted per address after the HMAC (cheap, and the body is capped), never before it:
  // a flood of them must not use up a budget the real assistant's signed requests depend on.
  const invalidSignatures = createFailedAuthLimiter({
    perMinute: deps.invalidSignaturesPerMinute ?? DEFAULT_FAILED_AUTH_PER_MINUTE,
  });

  return async (request: Request): Promise<SignedAssistantRequest<Schema["static"]>> => {
    const state = requestState(request);
    const refuse = (code: ProblemCode, options?: ProblemOptions) => ({
      ok: false as const,
      response: problemResponse(state, code, options),
    });
    if (!verify) return refuse("not_found");
    if (!deps.isReady()) return refuse("unavailable", { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });
    if (!isJsonMediaType(request.headers.get("content-type"))) return refuse("unsupported_media_type");
    const bytes = await readCappedBody(request);
    if (!bytes) return refuse("payload_too_large");
    const signature = verify(request.headers, decoder.decode(bytes), Date.now());
    if (!signature.ok) {
      const address = clientAddress(request, deps.trustProxy ?? false);
      const budget =
        address !== undefined && invalidSignatures.enabled ? invalidSignatures.take(address) : undefined;
      if (budget && !budget.allowed)
        return refuse("rate_limited", { retryAfterSeconds: budget.retryAfterSeconds });
      return refuse(signature.code);
    }
    if (deps.rateLimiter.enabled) {
      const decision = deps.rateLimiter.take(rateKey);
      if (!decision.allowed) return refuse("rate_limited", { retryAfterSeconds: decision.retryAfterSeconds });
    }
    const body = parseJsonObject(bytes);
    if (!body) return refuse("invalid_json");
    const issues = schemaIssues(check, body);
    if (issues.length > 0) return refuse("validation_failed", { errors: issues });
    return { ok: true, webhookId: signature.webhookId, body: body as Schema["static"], state };
  };
}

/** The endpoint: POST only (405 with Allow: POST otherwise); parse "none", the signature covers the exact bytes. */
export function signedAssistantRoute(
  name: string,
  path: string,
  handle: (request: Request) => Promise<Response>,
) {
  return new Elysia({ name })
    .post(path, ({ request }) => handle(request), { parse: "none" })
    .all(path, ({ request }) =>
      problemResponse(requestState(request), "method_not_allowed", { headers: { allow: "POST" } }),
    );
}
