// A token's request log as senders read it (GET /api/speed-to-lead/requests): what happened to each request it made.
import { type Static, Type } from "@sinclair/typebox";
import { DateTimeWithZone } from "./date-time.ts";
import { text } from "./text.ts";

/** Where a read token lists its own requests, newest first. */
export const REQUESTS_PATH = "/api/speed-to-lead/requests";
/** Rows per page: the default, and the most a client may ask for (`limit`). */
export const REQUESTS_PAGE_DEFAULT = 50;
export const REQUESTS_PAGE_MAX = 100;
/** The status filter: one HTTP status (`422`) or a class (`4xx`). */
export const REQUEST_STATUS_FILTER_PATTERN = "^([1-5][0-9]{2}|[1-5]xx)$";

export const RequestBodyFieldSchema = Type.Object(
  {
    pointer: Type.String({
      maxLength: 200,
      description: text(
        "RequestBodyField.pointer.description",
        "The field's JSON pointer. A name that is not a plain field name (letters, digits, _ and -) shows as *.",
      ),
    }),
    kind: Type.Union(
      ["string", "number", "boolean", "null", "object", "array"].map((kind) => Type.Literal(kind)),
      { description: text("RequestBodyField.kind.description", "The JSON type of the value posted.") },
    ),
    length: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: text(
          "RequestBodyField.length.description",
          "Characters of a string, digits of a number, items of an array, keys of an object.",
        ),
      }),
    ),
  },
  {
    "x-component": "RequestBodyField",
    additionalProperties: false,
    description: text(
      "RequestBodyField.description",
      "One field of the posted body: where it was, its type and its length, never its value.",
    ),
  },
);

export const RequestLogEntrySchema = Type.Object(
  {
    id: Type.String({
      description: text("RequestLogEntry.id.description", "The row's id within the token's log."),
    }),
    at: DateTimeWithZone(text("RequestLogEntry.at.description", "When the service answered.")),
    method: Type.String({ description: text("RequestLogEntry.method.description", "The HTTP method.") }),
    path: Type.String({
      description: text("RequestLogEntry.path.description", "The path requested, without its query."),
    }),
    status: Type.Integer({
      description: text("RequestLogEntry.status.description", "The HTTP status answered."),
    }),
    problem_code: Type.Union([Type.String(), Type.Null()], {
      description: text(
        "RequestLogEntry.problem_code.description",
        "The problem's code when the answer was a problem; null otherwise.",
      ),
    }),
    pointers: Type.Union([Type.Array(Type.String()), Type.Null()], {
      description: text(
        "RequestLogEntry.pointers.description",
        "The JSON pointers of a 422's field errors; null for any other answer.",
      ),
    }),
    latency_ms: Type.Number({
      minimum: 0,
      description: text(
        "RequestLogEntry.latency_ms.description",
        "Milliseconds from the request to the answer.",
      ),
    }),
    dry_run: Type.Boolean({
      description: text("RequestLogEntry.dry_run.description", "The post was a dry run (nothing stored)."),
    }),
    replayed: Type.Boolean({
      description: text(
        "RequestLogEntry.replayed.description",
        "The answer was replayed for a repeated idempotency key.",
      ),
    }),
    client_address: Type.Union([Type.String(), Type.Null()], {
      description: text("RequestLogEntry.client_address.description", "The client's IP address, when known."),
    }),
    request_id: Type.String({
      description: text("RequestLogEntry.request_id.description", "The answer's X-Request-Id."),
    }),
    body: Type.Union([Type.Array(RequestBodyFieldSchema), Type.Null()], {
      description: text(
        "RequestLogEntry.body.description",
        "The posted body's shape (at most 64 fields, 3 levels deep); null when no body was read.",
      ),
    }),
  },
  {
    "x-component": "RequestLogEntry",
    additionalProperties: false,
    description: text(
      "RequestLogEntry.description",
      "One request that named the token, accepted or refused. Never a lead's values: no phone, email or name.",
    ),
  },
);

export const RequestLogPageSchema = Type.Object(
  {
    requests: Type.Array(RequestLogEntrySchema, {
      maxItems: REQUESTS_PAGE_MAX,
      description: text("RequestLogPage.requests.description", "The token's requests, newest first."),
    }),
    next_cursor: Type.Union([Type.String(), Type.Null()], {
      description: text(
        "RequestLogPage.next_cursor.description",
        "Pass as `cursor` for the next (older) page; null on the last page.",
      ),
    }),
  },
  {
    "x-component": "RequestLogPage",
    additionalProperties: false,
    description: text("RequestLogPage.description", "One page of the token's request log."),
  },
);

export type RequestBodyField = Static<typeof RequestBodyFieldSchema>;
export type RequestLogEntry = Static<typeof RequestLogEntrySchema>;
export type RequestLogPage = Static<typeof RequestLogPageSchema>;
