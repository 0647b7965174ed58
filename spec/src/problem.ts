// The error body: RFC 9457 problem details with a stable code and, for 422, every field error.
import { type Static, Type } from "@sinclair/typebox";
import { FIELD_ERROR_CODES } from "./field-error-codes.ts";
import { literalUnion } from "./literal-union.ts";
import { PROBLEM_CODES } from "./problem-codes.ts";
import { text } from "./text.ts";

export const FieldErrorSchema = Type.Object(
  {
    pointer: Type.String({
      description: text(
        "FieldError.pointer.description",
        'JSON Pointer (RFC 6901) into the request body, such as /consent/captured_at; "" for the body as a whole.',
      ),
    }),
    code: literalUnion(Object.keys(FIELD_ERROR_CODES), {
      description: text("FieldError.code.description", "Stable, machine-readable reason."),
    }),
    message: Type.String({
      description: text(
        "FieldError.message.description",
        "Human-readable reason, in the language chosen by Accept-Language.",
      ),
    }),
  },
  {
    "x-component": "FieldError",
    description: text("FieldError.description", "One field that breaks the contract."),
  },
);

/**
 * Served as `application/problem+json`. Human text (title, detail, messages) is Spanish when
 * Accept-Language prefers es. Submitted personal data is never echoed back.
 */
export const ProblemSchema = Type.Object(
  {
    type: Type.String({
      format: "uri",
      description: text("Problem.type.description", "urn:speed-to-lead:problem:<code>, one per code."),
    }),
    title: Type.String({
      description: text("Problem.title.description", "Short summary of the problem type."),
    }),
    status: Type.Integer({ description: text("Problem.status.description", "The HTTP status code.") }),
    detail: Type.String({
      description: text("Problem.detail.description", "What went wrong with this request."),
    }),
    code: literalUnion(Object.keys(PROBLEM_CODES), {
      description: text("Problem.code.description", "Stable, machine-readable problem code."),
    }),
    request_id: Type.Optional(
      Type.String({
        description: text(
          "Problem.request_id.description",
          "The request's id, also in the X-Request-Id header.",
        ),
      }),
    ),
    errors: Type.Optional(
      Type.Array(FieldErrorSchema, {
        description: text("Problem.errors.description", "With validation_failed: every field error at once."),
      }),
    ),
  },
  {
    "x-component": "Problem",
    description: text("Problem.description", "An RFC 9457 problem details object."),
  },
);

export type FieldError = Static<typeof FieldErrorSchema>;
export type Problem = Static<typeof ProblemSchema>;
