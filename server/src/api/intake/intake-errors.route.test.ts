// Route tests of the refusals, through app.handle on an in-memory PGlite: order of checks, codes, headers, language.
import { MAX_BODY_BYTES } from "@speed-to-lead/spec";
import { schemaErrors } from "@speed-to-lead/tests/harness/spec-ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { revokeAccountToken } from "../../core/accounts/token-service.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { createLogger } from "../../logger.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { createTestToken, INTAKE_URL, intakeRequest } from "../../testing/intake-requests.ts";

let db: Database;
let app: App;
let token: string;
let tokenId: string;
const logLines: string[] = [];

beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  app = createApp({
    db,
    rateLimit: { perSecond: 0, burst: 0 },
    logger: createLogger("debug", (l) => logLines.push(l)),
  });
  ({ token, tokenId } = await createTestToken(db));
});
afterAll(() => db.close());

const lead = { phone: "(415) 555-2671", email: "ana@example.com", first_name: "Ana" };

async function problem(response: Response, status: number, code: string) {
  const body = await response.json();
  expect({ status: response.status, code: body.code }).toEqual({ status, code });
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  expect(schemaErrors("Problem", body)).toEqual([]);
  expect(body.request_id).toBe(response.headers.get("x-request-id"));
  return body;
}

describe("check order: 405, 401, 415, 413, 400, 422", () => {
  it("answers 405 with Allow: POST to every other method, before authentication", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const response = await app.handle(new Request(INTAKE_URL, { method }));
      await problem(response, 405, "method_not_allowed");
      expect(response.headers.get("allow")).toBe("POST");
    }
    const head = await app.handle(new Request(INTAKE_URL, { method: "HEAD" }));
    expect(head.status).toBe(405);
  });

  it("authenticates before looking at the body: a bad body without a token is 401, not 4xx of the body", async () => {
    const bad = { raw: "{not json", headers: { "content-type": "text/plain" } };
    await problem(await app.handle(intakeRequest(null, bad)), 401, "token_missing");
    await problem(await app.handle(intakeRequest({}, {})), 401, "token_missing");
  });

  it("checks the media type before the size, and the size before parsing", async () => {
    const big = "x".repeat(MAX_BODY_BYTES + 1);
    await problem(
      await app.handle(intakeRequest(null, { token, raw: big, headers: { "content-type": "text/plain" } })),
      415,
      "unsupported_media_type",
    );
    await problem(await app.handle(intakeRequest(null, { token, raw: big })), 413, "payload_too_large");
    await problem(await app.handle(intakeRequest(null, { token, raw: "{not json" })), 400, "invalid_json");
  });

  it("parses before validating: only a JSON object reaches validation", async () => {
    for (const raw of ["[]", "null", '"lead"', "42", ""]) {
      await problem(await app.handle(intakeRequest(null, { token, raw })), 400, "invalid_json");
    }
    await problem(
      await app.handle(intakeRequest({ first_name: "Ana" }, { token })),
      422,
      "validation_failed",
    );
  });
});

describe("401: channel tokens", () => {
  const withHeaders = (headers: Record<string, string>) => app.handle(intakeRequest(lead, { headers }));

  it("accepts the token as Bearer or in X-STL-Channel-Token", async () => {
    expect((await withHeaders({ authorization: `Bearer ${token}` })).status).toBe(201);
    expect((await withHeaders({ "x-stl-channel-token": token })).status).toBe(201);
    expect(
      (await withHeaders({ authorization: "Basic dXNlcjpwYXNz", "x-stl-channel-token": token })).status,
    ).toBe(201);
    expect(
      (await withHeaders({ authorization: `Bearer ${token}`, "x-stl-channel-token": token })).status,
    ).toBe(201);
  });

  it("refuses missing, unknown, conflicting and revoked tokens, each with WWW-Authenticate: Bearer", async () => {
    const other = await createTestToken(db);
    const cases: [Record<string, string>, string][] = [
      [{}, "token_missing"],
      [{ authorization: "Bearer " }, "token_missing"],
      [{ authorization: "Bearer stl_ch_not-a-real-token" }, "token_invalid"],
      [{ authorization: `Bearer stl_ch_${"A".repeat(43)}` }, "token_invalid"],
      [{ authorization: `Bearer ${token}`, "x-stl-channel-token": other.token }, "token_conflict"],
    ];
    for (const [headers, code] of cases) {
      const response = await withHeaders(headers);
      await problem(response, 401, code);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    await revokeAccountToken(db, other.accountId, other.tokenId);
    // A fresh app has an empty lookup cache: the revocation shows at once.
    const fresh = createApp({ db, rateLimit: { perSecond: 0, burst: 0 } });
    const revoked = await fresh.handle(intakeRequest(lead, { token: other.token }));
    await problem(revoked, 401, "token_revoked");
    expect(revoked.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});

describe("413, 415 and 400 in detail", () => {
  it("refuses a body over 64 KiB whether it declares its length or streams", async () => {
    const declared = new Request(INTAKE_URL, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "content-length": "10000000",
      },
      body: "{}",
    });
    await problem(await app.handle(declared), 413, "payload_too_large");
    const chunk = new TextEncoder().encode(" ".repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(chunk);
        if (++sent > 64) controller.close();
      },
    });
    await problem(await app.handle(intakeRequest(null, { token, raw: stream })), 413, "payload_too_large");
    expect(sent).toBeLessThan(10);
    // Exactly at the limit is fine.
    const padded = JSON.stringify(lead).padEnd(MAX_BODY_BYTES - 1, " ");
    expect((await app.handle(intakeRequest(null, { token, raw: `${padded}\n` }))).status).toBe(201);
  });

  it("takes application/json with a UTF-8 charset and refuses other media types", async () => {
    const post = (contentType: string) =>
      app.handle(intakeRequest(lead, { token, headers: { "content-type": contentType } }));
    expect((await post("application/json; charset=utf-8")).status).toBe(201);
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/json; charset=latin1",
    ]) {
      await problem(await post(type), 415, "unsupported_media_type");
    }
    const none = new Request(INTAKE_URL, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: new Blob([JSON.stringify(lead)]),
    });
    await problem(await app.handle(none), 415, "unsupported_media_type");
  });
});

describe("422 and the error body", () => {
  it("lists every field error with pointer, code and message, in Spanish when asked", async () => {
    const body = { phone: "+1 604 555 0199", email: "nope", consent: { source: "form" }, price: 1.5 };
    const en = await problem(await app.handle(intakeRequest(body, { token })), 422, "validation_failed");
    expect(en.errors).toEqual([
      { pointer: "/email", code: "email_invalid", message: "This is not a valid email address." },
      { pointer: "/price", code: "type_mismatch", message: "Has the wrong type for this field." },
      {
        pointer: "/consent/reference",
        code: "consent_incomplete",
        message: expect.stringContaining("consent block"),
      },
      {
        pointer: "/consent/captured_at",
        code: "consent_incomplete",
        message: expect.stringContaining("consent block"),
      },
      { pointer: "/phone", code: "phone_not_us", message: "Only US phone numbers are accepted." },
    ]);
    const response = await app.handle(
      intakeRequest(body, { token, headers: { "accept-language": "es-MX,es;q=0.9" } }),
    );
    const es = await problem(response, 422, "validation_failed");
    expect(response.headers.get("content-language")).toBe("es");
    expect(es.title).toBe("La validación falló");
    expect(es.errors[4]).toEqual({
      pointer: "/phone",
      code: "phone_not_us",
      message: "Solo se aceptan números de teléfono de EE. UU.",
    });
  });

  it("refuses a consent captured in the future and a key sent twice differently", async () => {
    const future = new Date(Date.now() + 5 * 60_000).toISOString();
    const body = await problem(
      await app.handle(
        intakeRequest({ ...lead, consent: { source: "f", reference: "r", captured_at: future } }, { token }),
      ),
      422,
      "validation_failed",
    );
    expect(body.errors).toEqual([
      expect.objectContaining({ pointer: "/consent/captured_at", code: "consent_in_future" }),
    ]);
    const mismatch = intakeRequest(
      { ...lead, idempotency_key: "a" },
      { token, headers: { "idempotency-key": "b" } },
    );
    await problem(await app.handle(mismatch), 422, "idempotency_key_mismatch");
  });

  it("never echoes submitted values in errors", async () => {
    const secret = {
      phone: "+1 604 555 0199",
      email: "private.person@example",
      first_name: "Zebulon",
      price: "31337042",
    };
    const text = await (await app.handle(intakeRequest(secret, { token }))).text();
    for (const value of ["604 555", "6045550199", "private.person", "Zebulon", "31337042"]) {
      expect(text).not.toContain(value);
    }
  });
});

describe("errors outside the intake", () => {
  it("answers unknown paths with a not_found problem", async () => {
    await problem(await app.handle(new Request("http://localhost/nope")), 404, "not_found");
  });

  it("logs one line per request without the token or the lead", async () => {
    logLines.length = 0;
    const response = await app.handle(
      intakeRequest(
        { ...lead, first_name: "Quintessa" },
        { token, headers: { "x-stl-client": "speed-to-lead-sdk/9.9.9" } },
      ),
    );
    const id = (await response.json()).id;
    const requestId = response.headers.get("x-request-id")!;
    // onAfterResponse runs after the response is handed back.
    for (let i = 0; i < 50 && !logLines.some((l) => l.includes(requestId)); i++) await Bun.sleep(10);
    const line = JSON.parse(logLines.find((l) => l.includes(requestId))!);
    expect(line).toMatchObject({
      level: "info",
      method: "POST",
      path: "/api/speed-to-lead/channel-inbound.php",
      status: 201,
      lead_id: id,
      request_id: response.headers.get("x-request-id"),
      client: "speed-to-lead-sdk/9.9.9",
    });
    expect(typeof line.duration_ms).toBe("number");
    const all = logLines.join("\n");
    for (const secret of [token, tokenId, "Quintessa", "555-2671", "+14155552671", "ana@example.com"])
      expect(all).not.toContain(secret);
  });

  it("keeps a caller's X-Request-Id when it is plain", async () => {
    const response = await app.handle(
      new Request("http://localhost/healthz", { headers: { "x-request-id": "abc-123" } }),
    );
    expect(response.headers.get("x-request-id")).toBe("abc-123");
    const odd = await app.handle(
      new Request("http://localhost/healthz", { headers: { "x-request-id": "a b<script>" } }),
    );
    expect(odd.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
  });

  // Last: breaks the database of this file on purpose.
  it("answers 500 internal_error for a defect, logged without the body", async () => {
    await db.exec("drop table idempotency_keys");
    logLines.length = 0;
    const response = await app.handle(
      intakeRequest({ ...lead, first_name: "Quintessa", idempotency_key: "k" }, { token }),
    );
    await problem(response, 500, "internal_error");
    const errorLine = logLines.find((l) => l.includes('"level":"error"'));
    expect(errorLine).toContain(response.headers.get("x-request-id")!);
    expect(logLines.join("\n")).not.toContain("Quintessa");
  });

  it("answers 503 unavailable with Retry-After when the database is gone", async () => {
    await db.close();
    const response = await app.handle(intakeRequest(lead, { token: `stl_ch_${"B".repeat(43)}` }));
    await problem(response, 503, "unavailable");
    expect(response.headers.get("retry-after")).toBe("2");
    await problem(await app.handle(new Request("http://localhost/readyz")), 503, "unavailable");
    expect((await app.handle(new Request("http://localhost/healthz"))).status).toBe(200);
  });
});
