// errorFromResponse(): one class per kind of failure, with the problem's fields on every instance.
import { PROBLEM_CODES } from "@speed-to-lead/spec";
import { describe, expect, it } from "vitest";
import { errorFromResponse } from "../src/errors";
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  ConsentError,
  consentBlock,
  createLeadClient,
  IdempotencyConflictError,
  InternalServerError,
  isConnectionError,
  isLeadIntakeError,
  isSpeedToLeadError,
  LeadIntakeError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  SpeedToLeadError,
  TimeoutError,
  UnavailableError,
  UnsupportedMediaTypeError,
  UserAbortError,
  ValidationError,
} from "../src/index";
import { normalizeUsPhone, PhoneNumberError } from "../src/phone";
import { sampleLead, scriptedFetch } from "./scripted-fetch";
import { thrown } from "./thrown";

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

/** Each class and the problem codes it stands for (what its `code` is typed to). */
const CODES_OF_CLASS: [typeof LeadIntakeError, string[]][] = [
  [BadRequestError, ["invalid_json", "lead_query_invalid"]],
  [
    AuthenticationError,
    [
      "token_missing",
      "token_invalid",
      "token_revoked",
      "token_expired",
      "token_conflict",
      "webhook_signature_invalid",
      "webhook_timestamp_invalid",
    ],
  ],
  [PermissionDeniedError, ["token_intake_only", "origin_not_allowed"]],
  [NotFoundError, ["not_found", "lead_not_found", "handoff_not_found"]],
  [MethodNotAllowedError, ["method_not_allowed"]],
  [ConflictError, ["webhook_replayed", "call_checks_exhausted"]],
  [
    IdempotencyConflictError,
    ["idempotency_request_in_flight", "idempotency_key_mismatch", "idempotency_key_reused"],
  ],
  [PayloadTooLargeError, ["payload_too_large"]],
  [UnsupportedMediaTypeError, ["unsupported_media_type", "unsupported_content_encoding"]],
  [ValidationError, ["validation_failed"]],
  [RateLimitError, ["rate_limited", "too_many_failed_authentications", "lead_repeats_limited"]],
  [InternalServerError, ["internal_error"]],
  [UnavailableError, ["unavailable"]],
];

describe("errorFromResponse", () => {
  it("every problem code of the spec belongs to exactly one class", () => {
    const listed = CODES_OF_CLASS.flatMap(([, codes]) => codes);
    expect(listed.sort()).toEqual(Object.keys(PROBLEM_CODES).sort());
  });

  it.each(
    Object.entries(PROBLEM_CODES).map(([code, { status }]) => {
      const [ErrorClass] = CODES_OF_CLASS.find(([, codes]) => codes.includes(code)) ?? [LeadIntakeError];
      return [status, code, ErrorClass] as const;
    }),
  )("every code of the spec has its status's class: %i %s → %o", (status, code, ErrorClass) => {
    const error = fromProblem(status, code);
    expect(ErrorClass).not.toBe(LeadIntakeError);
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

describe("SpeedToLeadError, the base of every SDK error", () => {
  it("is above API errors, connection errors, timeouts, ConsentError and PhoneNumberError", () => {
    const errors = [
      fromProblem(422, "validation_failed"),
      fromProblem(500, "internal_error"),
      new ConnectionError("x"),
      new TimeoutError(1),
      thrown(() => consentBlock({ source: "", reference: "r", capturedAt: new Date() })),
      thrown(() => normalizeUsPhone("+1 604 555 0100")),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(SpeedToLeadError);
      expect(error).toBeInstanceOf(Error);
      expect(isSpeedToLeadError(error)).toBe(true);
    }
    expect(errors.map((e) => (e as Error).name)).toEqual([
      "ValidationError",
      "InternalServerError",
      "ConnectionError",
      "TimeoutError",
      "ConsentError",
      "PhoneNumberError",
    ]);
    expect(errors[4]).toBeInstanceOf(ConsentError);
    expect(errors[5]).toBeInstanceOf(PhoneNumberError);
  });

  it("instanceof and the guards tell the kinds apart, and refuse what is not an SDK error", () => {
    const validation = fromProblem(422, "validation_failed");
    const timeout = new TimeoutError(1);
    expect([isLeadIntakeError(validation), isConnectionError(validation)]).toEqual([true, false]);
    expect([isLeadIntakeError(timeout), isConnectionError(timeout)]).toEqual([false, true]);
    expect(validation).not.toBeInstanceOf(RateLimitError);
    expect(new ConnectionError("x")).not.toBeInstanceOf(TimeoutError);
    for (const other of [new Error("x"), new TypeError("x"), null, undefined, "ValidationError", 42, {}]) {
      expect(isSpeedToLeadError(other)).toBe(false);
      expect(isLeadIntakeError(other)).toBe(false);
      expect(other instanceof SpeedToLeadError).toBe(false);
    }
  });

  it("instanceof and every guard answer false, never throw, for anything that is not an SDK error", () => {
    // DOMException's prototype has a `name` getter that throws when read off the prototype itself.
    const domAbort = new DOMException("The operation was aborted.", "AbortError");
    const strangers: unknown[] = [
      domAbort,
      new DOMException("timed out", "TimeoutError"),
      AbortSignal.abort().reason,
      Object.create(DOMException.prototype),
      new Proxy(
        {},
        {
          getPrototypeOf: () => {
            throw new Error("trap");
          },
        },
      ),
      Object.create(null),
      new (class extends Error {
        override get name(): string {
          throw new Error("getter");
        }
      })(),
      new Headers(),
      () => {},
    ];
    const classes = [
      SpeedToLeadError,
      LeadIntakeError,
      ValidationError,
      RateLimitError,
      ConnectionError,
      TimeoutError,
      UserAbortError,
      PermissionDeniedError,
      ConsentError,
      PhoneNumberError,
    ];
    const guards = [isSpeedToLeadError, isLeadIntakeError, isConnectionError];
    for (const stranger of strangers) {
      for (const Class of classes) expect(stranger instanceof Class).toBe(false);
      for (const guard of guards) expect(guard(stranger)).toBe(false);
    }
  });

  it("recognises an error from another copy of the package (the other build in the dual-package hazard)", async () => {
    // A query string makes a second, separate instance of the module: its classes are other objects.
    const secondCopy = "../src/errors.ts?second-copy";
    const other: typeof import("../src/errors") = await import(/* @vite-ignore */ secondCopy);
    expect(other.ValidationError).not.toBe(ValidationError);
    const foreign = other.errorFromResponse(
      new Response(null, { status: 422 }),
      problemBody(422, "validation_failed"),
    );
    expect(foreign).toBeInstanceOf(ValidationError);
    expect(foreign).toBeInstanceOf(LeadIntakeError);
    expect(foreign).toBeInstanceOf(SpeedToLeadError);
    expect(foreign).not.toBeInstanceOf(RateLimitError);
    expect(isLeadIntakeError(foreign)).toBe(true);
    const local = new TimeoutError(5);
    expect(other.isConnectionError(local)).toBe(true);
    expect(local).toBeInstanceOf(other.ConnectionError);
    expect(local).not.toBeInstanceOf(other.LeadIntakeError);
  });

  it("ValidationError's message names every field and code, not only the count", () => {
    const errors = [
      { pointer: "/phone", code: "phone_not_us", message: "Only US phone numbers are accepted." },
      { pointer: "", code: "contact_required", message: "Provide a phone or an email." },
    ];
    const error = fromProblem(
      422,
      "validation_failed",
      {},
      { detail: "2 fields break the contract.", errors },
    );
    expect(error.message).toBe("2 fields break the contract. (/phone phone_not_us, (body) contact_required)");
    expect(error.detail).toBe("2 fields break the contract.");
    expect(String(error)).toContain("/phone phone_not_us");
  });

  it("carries the request id on API errors and on a ConnectionError after a response", async () => {
    expect(fromProblem(500, "internal_error", { "X-Request-Id": "req_500" }).requestId).toBe("req_500");
    const { fetch } = scriptedFetch(
      new Response("{not json", {
        status: 201,
        headers: { "Content-Type": "application/json", "X-Request-Id": "req_broken" },
      }),
    );
    const error = await createLeadClient({ baseUrl: "http://x.test", token: "t", fetch, maxRetries: 0 })
      .postLead(sampleLead)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.requestId).toBe("req_broken");
    expect(new TimeoutError(1).requestId).toBeUndefined();
  });
});

describe("error classes as users extend them", () => {
  class MyError extends SpeedToLeadError {
    constructor(message: string) {
      super(message);
      this.name = "MyError";
    }
  }
  class MyValidationError extends ValidationError {}

  it("a subclass of yours may set `this.name`, and `instanceof` it matches only its own instances", () => {
    const mine = new MyError("mine");
    expect(mine.name).toBe("MyError");
    expect(String(mine)).toBe("MyError: mine");
    expect(mine).toBeInstanceOf(MyError);
    expect(mine).toBeInstanceOf(SpeedToLeadError);
    expect(isSpeedToLeadError(mine)).toBe(true);
    const theirs = [
      fromProblem(422, "validation_failed"),
      new ConnectionError("x"),
      new TimeoutError(1),
      new UserAbortError(undefined),
      new SpeedToLeadError("base"),
    ];
    for (const error of theirs) expect(error instanceof MyError).toBe(false);
    const ownValidation = new MyValidationError(422, new Headers(), problemBody(422, "validation_failed"));
    expect(ownValidation).toBeInstanceOf(MyValidationError);
    expect(ownValidation).toBeInstanceOf(ValidationError);
    expect(ownValidation.name).toBe("ValidationError");
    expect(fromProblem(422, "validation_failed") instanceof MyValidationError).toBe(false);
    expect(mine instanceof ValidationError).toBe(false);
  });

  it("an SDK error's name can be assigned too, as any Error's, without changing what it is", () => {
    const error = new ConnectionError("x");
    error.name = "Renamed";
    expect(String(error)).toBe("Renamed: x");
    expect(error).toBeInstanceOf(ConnectionError);
    expect(new ConnectionError("y").name).toBe("ConnectionError");
  });

  it("a Proxy whose prototype trap throws is an instance of no class, yours or the SDK's", () => {
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf: () => {
          throw new Error("trap");
        },
      },
    );
    expect(hostile instanceof MyError).toBe(false);
    expect(hostile instanceof SpeedToLeadError).toBe(false);
  });
});
