// Error handling: which field failed and why, and what to do about every other kind of failure.
// Run: STL_BASE_URL=http://localhost:3000 STL_TOKEN=stl_ch_… bun examples/error-handling.ts
import {
  AuthenticationError,
  ConnectionError,
  ConsentError,
  consentBlock,
  createLeadClient,
  IdempotencyConflictError,
  LeadIntakeError,
  RateLimitError,
  UnavailableError,
  UserAbortError,
  ValidationError,
} from "@speed-to-lead/sdk";
import { normalizeUsPhone, PhoneNumberError } from "@speed-to-lead/sdk/phone";

const client = createLeadClient({
  baseUrl: process.env.STL_BASE_URL ?? "http://localhost:3000",
  token: process.env.STL_TOKEN ?? "",
});

/** One line a person can act on, for every error postLead can throw. */
function explain(error: unknown): string {
  if (error instanceof ValidationError) {
    // Every field at once: a JSON Pointer into what you sent, a stable code, and a message for people.
    const fields = error.errors.map((e) => `  ${e.pointer || "(body)"}: ${e.code} (${e.message})`);
    return [`${error.code}: ${error.detail}`, ...fields].join("\n");
  }
  if (error instanceof AuthenticationError) return `check STL_TOKEN (${error.code}): ${error.detail}`;
  if (error instanceof RateLimitError) return `rate limited: try again in ${error.retryAfter ?? "a few"} s`;
  if (error instanceof IdempotencyConflictError)
    return `idempotency key clash (${error.code}): ${error.detail}`;
  if (error instanceof UnavailableError)
    return `service unavailable (${error.status}): queue the lead, retry later`;
  if (error instanceof LeadIntakeError) return `HTTP ${error.status} ${error.code}: ${error.detail}`;
  // No answer: the lead may or may not exist. Send it again later with the same key: never a duplicate.
  if (error instanceof ConnectionError)
    return `no response (${error.name}) after ${error.attempts} attempt(s): retry with idempotency key ${error.idempotencyKey}`;
  if (error instanceof UserAbortError) return "gave up: the call was aborted";
  throw error;
}

// 1. The service checks every field and reports all the failures together.
try {
  await client.postLead({
    phone: "+1 604 555 0100", // Vancouver: not a US number
    email: "ana.example.com",
    source_campaign: "spring sale!", // spaces and "!" are not allowed
  });
} catch (error) {
  console.log(`the service refused the lead:\n${explain(error)}`);
}

// 2. The same mistakes can be caught before sending: the phone helper and consentBlock throw typed errors.
try {
  normalizeUsPhone("+1 604 555 0100");
} catch (error) {
  if (error instanceof PhoneNumberError) console.log(`normalizeUsPhone refused it: ${error.code}`);
}
try {
  consentBlock({
    source: "webform:/contact",
    reference: "sub_8812",
    capturedAt: new Date(Date.now() + 3_600_000),
  });
} catch (error) {
  if (error instanceof ConsentError) console.log(`consentBlock refused it: ${error.field} ${error.code}`);
}

// 3. A wrong token is an AuthenticationError; it is never retried.
const wrongToken = createLeadClient({
  baseUrl: process.env.STL_BASE_URL ?? "http://localhost:3000",
  token: "stl_ch_wrong",
});
try {
  await wrongToken.postLead({ email: "ana@example.com" });
} catch (error) {
  console.log(explain(error));
}

// 4. No answer at all (here, nothing listens on the port): the error keeps the key the call was sent with.
const unreachable = createLeadClient({ baseUrl: "http://127.0.0.1:9", token: "stl_ch_any", maxRetries: 1 });
try {
  await unreachable.postLead({ email: "ana@example.com" });
} catch (error) {
  console.log(explain(error));
}
