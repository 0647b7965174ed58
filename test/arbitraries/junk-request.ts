// Requests nobody should send: random JSON, bytes, methods, headers, media types and sizes, and near-leads.
import { LEAD_INPUT_FIELDS, MAX_BODY_BYTES } from "@speed-to-lead/spec";
import fc from "fast-check";
import { unique, validLead } from "./valid-lead.ts";

export interface JunkRequest {
  method: string;
  /** Header values; "$TOKEN" / "$OTHER_TOKEN" are replaced by real channel tokens when sent. */
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  /** What the body is, for failure messages. */
  kind: string;
}

const printable = (maxLength: number) =>
  fc.string({ unit: "binary-ascii", maxLength }).map((text) => text.replace(/[^\x20-\x7E]/g, ""));

/** Any JSON value, with text PostgreSQL cannot store as is (NUL) and escapes that look like it. */
const jsonish = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("a\u0000b", "\u0000", "\\u0000", "\ud800", "😀", "", " ", 1e308, -0, 0.1),
  },
);

/** An object with the contract's field names and values of any type: most requests reach validation. */
const nearLead = fc
  .dictionary(fc.constantFrom(...LEAD_INPUT_FIELDS, "extra", "__proto__", "constructor"), jsonish, {
    maxKeys: 8,
  })
  .chain((fields) =>
    fc
      .option(
        fc.record(
          {
            source: jsonish,
            reference: jsonish,
            captured_at: fc.oneof(
              jsonish,
              fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
            ),
          },
          { requiredKeys: [] },
        ),
        { nil: undefined },
      )
      .map((consent) => (consent === undefined ? fields : { ...fields, consent })),
  );

/** Texts a JSON parser or a database may choke on. */
const awkwardJsonText = fc.oneof(
  fc.integer({ min: 1, max: 30_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
  fc
    .integer({ min: 1, max: 10_000 })
    .map((depth) => `{"email":"a@example.com","context":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}`),
  fc.constantFrom(
    '{"phone":"+14155552671","phone":{"a":1}}',
    '{"email":"a@example.com","first_name":"a\\u0000b"}',
    '{"email":"a@example.com","context":{"k":"\\u0000"}}',
    '{"email":"a@example.com","context":{"\\u0000":1}}',
    '{"email":"a@example.com","first_name":"\\ud800"}',
    '{"email":"a@example.com","price":1e400}',
    '{"email":"a@example.com","price":-0}',
    '{"email":"a@example.com","price":12345678901234567890}',
    '{"__proto__":{"phone":"+14155552671"},"email":"a@example.com"}',
    '\ufeff{"email":"a@example.com"}',
    '{"email":"a@example.com"} trailing',
    "",
    "null",
    "[]",
    '"a string"',
  ),
);

const body: fc.Arbitrary<{ body: string | Uint8Array | undefined; kind: string }> = fc.oneof(
  {
    weight: 3,
    arbitrary: validLead({ now: Date.now }).map((lead) => ({
      body: JSON.stringify(unique(lead.body)),
      kind: "valid lead",
    })),
  },
  { weight: 4, arbitrary: nearLead.map((value) => ({ body: JSON.stringify(value), kind: "near-lead" })) },
  {
    weight: 2,
    arbitrary: fc.jsonValue().map((value) => ({ body: JSON.stringify(value) ?? "", kind: "random JSON" })),
  },
  { weight: 2, arbitrary: awkwardJsonText.map((text) => ({ body: text, kind: "awkward JSON text" })) },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((bytes) => ({ body: bytes, kind: "random bytes" })),
  },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: "binary", maxLength: 200 })
      .map((text) => ({ body: text, kind: "random text" })),
  },
  { weight: 1, arbitrary: fc.constant({ body: undefined, kind: "no body" }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: MAX_BODY_BYTES - 16, max: 4 * MAX_BODY_BYTES }).map((size) => ({
      body: `{"email":"a@example.com","context":{"pad":"${"x".repeat(size)}"}}`,
      kind: `huge body (${size} bytes of padding)`,
    })),
  },
);

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "application/json;charset=UTF-8",
      "Application/JSON",
      "application/json; charset=latin1",
      "application/problem+json",
      "text/plain",
      "text/json",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "",
      "application/",
      ";;;",
    ),
  },
  { weight: 1, arbitrary: printable(60) },
);

/** How the request authenticates: mostly right, sometimes wrong in every documented way and some others. */
const authentication: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ Authorization: "Bearer $TOKEN" }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { "X-STL-Channel-Token": "$TOKEN" },
      { Authorization: "Basic dXNlcjpwYXNz", "X-STL-Channel-Token": "$TOKEN" },
      { Authorization: "Bearer $TOKEN", "X-STL-Channel-Token": "$OTHER_TOKEN" },
      { Authorization: "Bearer $TOKEN", "X-STL-Channel-Token": "$TOKEN" },
      {},
      { Authorization: "Bearer" },
      { Authorization: "Bearer " },
      { Authorization: "bearer $TOKEN" },
      { Authorization: "Bearer stl_ch_" },
      { "X-STL-Channel-Token": "" },
    ),
  },
  { weight: 2, arbitrary: printable(80).map((value) => ({ Authorization: `Bearer ${value}` })) },
  { weight: 1, arbitrary: printable(80).map((value) => ({ Authorization: value })) },
  { weight: 1, arbitrary: printable(80).map((value) => ({ "X-STL-Channel-Token": value })) },
);

/** Headers a client may not or should not set itself (fetch manages them). */
const MANAGED =
  /^(host|content-length|transfer-encoding|connection|keep-alive|upgrade|expect|te|trailer|content-type|authorization|x-stl-channel-token)$/i;

const extraHeaders = fc.dictionary(
  fc
    .oneof(
      fc.constantFrom(
        "Idempotency-Key",
        "Accept-Language",
        "Accept",
        "Content-Encoding",
        "X-Request-Id",
        "Cookie",
        "Origin",
      ),
      fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/),
    )
    .filter((name) => !MANAGED.test(name)),
  fc.oneof(printable(100), fc.constantFrom("es", "es-MX,en;q=0.5", "*", "gzip", "true", "x".repeat(300))),
  { maxKeys: 4 },
);

/**
 * @example fc.sample(junkRequest, 1)[0] // { method: "POST", headers: { … }, body: "[[[]]]", kind: "awkward JSON text" }
 */
export const junkRequest: fc.Arbitrary<JunkRequest> = fc
  .tuple(
    fc.oneof(
      { weight: 12, arbitrary: fc.constant("POST") },
      { weight: 1, arbitrary: fc.constantFrom("GET", "PUT", "PATCH", "DELETE") },
    ),
    authentication,
    contentType,
    extraHeaders,
    body,
  )
  .map(([method, auth, type, extra, { body: payload, kind }]) => {
    const headers: Record<string, string> = { ...extra, ...auth };
    if (type !== "") headers["Content-Type"] = type;
    // GET cannot carry a body in fetch.
    const request: JunkRequest = { method, headers, body: method === "GET" ? undefined : payload, kind };
    // Counterexamples print a preview: a 200 KiB body would bury the failure message.
    return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
  });

/** One line per request: method, kind, headers, and the start of the body. */
export function describeRequest(request: JunkRequest): string {
  const body =
    request.body === undefined
      ? "no body"
      : typeof request.body === "string"
        ? `${JSON.stringify(request.body.slice(0, 160))} (${request.body.length} chars)`
        : `${request.body.byteLength} bytes`;
  return `${request.method} [${request.kind}] ${JSON.stringify(request.headers).slice(0, 240)} ${body}`;
}
