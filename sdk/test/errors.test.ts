// errorFromResponse(): one class per kind of failure, with the problem's fields on every instance.
import { describe, expect, it } from "vitest";
import { errorFromResponse } from "../src/errors";
import {
  AuthenticationError,
  ConnectionError,
  IdempotencyConflictError,
  LeadIntakeError,
  RateLimitError,
  TimeoutError,
  UnavailableError,
  ValidationError,
} from "../src/index";

function problemBody(status: number, code: string, extra: Record<string, unknown> = {}) {
  return {
    type: `urn:speed-to-lead:problem:${code}`,
    title: "A title",
    status,
    detail: "A detail",
    code,
    ...extra,
  };
}

function fromProblem(status: number, code: string, headers: Record<string, string> = {}, extra = {}) {
  const body = problemBody(status, code, extra);
  return errorFromResponse(new Response(null, { status, headers }), body);
}

describe("errorFromResponse", () => {
  it.each([
    [400, "invalid_json", LeadIntakeError],
    [401, "token_missing", AuthenticationError],
    [401, "token_invalid", AuthenticationError],
    [401, "token_revoked", AuthenticationError],
    [401, "token_conflict", AuthenticationError],
    [404, "not_found", LeadIntakeError],
    [405, "method_not_allowed", LeadIntakeError],
    [409, "idempotency_request_in_flight", IdempotencyConflictError],
    [413, "payload_too_large", LeadIntakeError],
    [415, "unsupported_media_type", LeadIntakeError],
    [422, "validation_failed", ValidationError],
    [422, "idempotency_key_mismatch", IdempotencyConflictError],
    [422, "idempotency_key_reused", IdempotencyConflictError],
    [429, "rate_limited", RateLimitError],
    [500, "internal_error", LeadIntakeError],
    [503, "unavailable", UnavailableError],
  ])("%i %s → %o", (status, code, ErrorClass) => {
    const error = fromProblem(status, code);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(LeadIntakeError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(ErrorClass.name);
    expect(error.constructor).toBe(ErrorClass);
    expect(error).toMatchObject({ status, code, title: "A title", detail: "A detail", message: "A detail" });
    expect(error.problem).toEqual(problemBody(status, code));
    expect(String(error)).toBe(`${ErrorClass.name}: A detail`);
  });

  it("keeps the headers, the request id and Retry-After", () => {
    const error = fromProblem(429, "rate_limited", { "Retry-After": "3", "X-Request-Id": "req_h" });
    expect(error.headers.get("retry-after")).toBe("3");
    expect(error.retryAfter).toBe(3);
    expect(error.requestId).toBe("req_h");
    expect(fromProblem(401, "token_invalid", {}, { request_id: "req_b" }).requestId).toBe("req_b");
    expect(fromProblem(401, "token_invalid").retryAfter).toBeUndefined();
  });

  it("gives ValidationError the field errors, and an empty list when there are none", () => {
    const errors = [{ pointer: "", code: "contact_required", message: "Provide a phone or an email." }];
    expect((fromProblem(422, "validation_failed", {}, { errors }) as ValidationError).errors).toEqual(errors);
    expect((fromProblem(422, "validation_failed") as ValidationError).errors).toEqual([]);
  });

  it("handles a body that is not a problem (a proxy's page)", () => {
    const error = errorFromResponse(new Response(null, { status: 502 }), "<html>Bad gateway</html>");
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error).toMatchObject({
      status: 502,
      code: "unexpected_response",
      title: "HTTP 502",
      problem: undefined,
    });
    expect(error.message).toBe("The service answered HTTP 502.");
    expect(errorFromResponse(new Response(null, { status: 418 }), undefined)).toBeInstanceOf(LeadIntakeError);
  });
});

describe("errors without a response", () => {
  it("ConnectionError and TimeoutError are not LeadIntakeErrors", () => {
    const timeout = new TimeoutError(250);
    expect(timeout).toBeInstanceOf(ConnectionError);
    expect(timeout).not.toBeInstanceOf(LeadIntakeError);
    expect(timeout).toMatchObject({
      name: "TimeoutError",
      timeoutMs: 250,
      message: "No response within 250 ms.",
    });
    const cause = new TypeError("fetch failed");
    const connection = new ConnectionError("Could not reach x", { cause });
    expect(connection).toMatchObject({ name: "ConnectionError", cause });
  });
});
