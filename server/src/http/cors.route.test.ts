// CORS through the real app: off by default; for allowed origins, preflights pass and the SDK's headers are exposed.

import { LEADS_PATH } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../app.ts";
import { corsOrigins } from "../config.ts";
import type { Database } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { createMemoryDatabase } from "../testing/fresh-pglite.ts";
import { completeConsent, createTestToken, INTAKE_URL, intakeRequest } from "../testing/intake-requests.ts";
import { createCorsPolicy } from "./cors-policy.ts";

const FORMS = "https://forms.example.com";
let db: Database;
let closed: App;
let open: App;
let token: string;

beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  token = (await createTestToken(db)).token;
  closed = createApp({ db });
  open = createApp({ db, cors: createCorsPolicy([FORMS]) });
});
afterAll(() => db.close());

const preflight = (origin: string) =>
  new Request(INTAKE_URL, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "authorization, content-type, idempotency-key",
    },
  });

describe("CORS", () => {
  it("is off unless origins are configured: no CORS headers, and OPTIONS is 405 like any other method", async () => {
    const response = await closed.handle(preflight(FORMS));
    expect(response.status).toBe(405);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    const posted = await closed.handle(
      intakeRequest({ email: "a@example.com" }, { token, headers: { origin: FORMS } }),
    );
    expect(posted.status).toBe(201);
    expect(posted.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers a preflight from an allowed origin with the methods and headers the SDK sends", async () => {
    const response = await open.handle(preflight(FORMS));
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe(FORMS);
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
    const allowedHeaders = response.headers.get("access-control-allow-headers")!.toLowerCase();
    for (const header of [
      "authorization",
      "x-stl-channel-token",
      "idempotency-key",
      "content-type",
      "x-stl-client",
      "dry-run",
      "prefer",
      "x-stl-retry-count",
    ]) {
      expect(allowedHeaders.split(/,\s*/)).toContain(header);
    }
  });

  it("exposes Dry-Run on a dry run's answer and ETag on a read's, so a page's SDK sees them", async () => {
    const dry = await open.handle(
      intakeRequest({ email: "d@example.com" }, { token, headers: { origin: FORMS, "dry-run": "true" } }),
    );
    expect([dry.status, dry.headers.get("dry-run")]).toEqual([201, "true"]);
    const exposed = (response: Response) =>
      response.headers.get("access-control-expose-headers")!.toLowerCase().split(/,\s*/);
    expect(exposed(dry)).toContain("dry-run");
    const real = await open.handle(intakeRequest({ email: "d@example.com" }, { token }));
    const { id } = (await real.json()) as { id: string };
    const read = await open.handle(
      new Request(`http://localhost${LEADS_PATH}/${id}`, {
        headers: { authorization: `Bearer ${token}`, origin: FORMS },
      }),
    );
    expect(read.headers.get("etag")).toMatch(/^".+"$/);
    expect(exposed(read)).toEqual(expect.arrayContaining(["etag", "dry-run", "x-request-id"]));
    // A wait told in milliseconds and whether to retry at all: the SDK reads both before Retry-After.
    expect(exposed(read)).toEqual(expect.arrayContaining(["retry-after-ms", "x-should-retry"]));
  });

  it("refuses a preflight from another origin (no allow-origin: the browser blocks the call)", async () => {
    const response = await open.handle(preflight("https://evil.example"));
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("exposes Idempotent-Replayed, Retry-After and X-Request-Id on answers and on problems", async () => {
    const body = { email: "b@example.com", consent: completeConsent() };
    const headers = { origin: FORMS, "idempotency-key": `cors-${crypto.randomUUID()}` };
    const first = await open.handle(intakeRequest(body, { token, headers }));
    const replay = await open.handle(intakeRequest(body, { token, headers }));
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    for (const response of [first, replay]) {
      expect(response.headers.get("access-control-allow-origin")).toBe(FORMS);
      const exposed = response.headers.get("access-control-expose-headers")!;
      for (const header of ["Idempotent-Replayed", "Retry-After", "X-Request-Id"])
        expect(exposed).toContain(header);
      expect(response.headers.get("vary")).toContain("Origin");
    }
    const unauthorized = await open.handle(intakeRequest(body, { headers: { origin: FORMS } }));
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("access-control-allow-origin")).toBe(FORMS);
  });

  it("reads CORS_ALLOWED_ORIGINS as a comma-separated list, trailing slashes ignored", () => {
    expect(corsOrigins(undefined)).toEqual([]);
    expect(corsOrigins(" https://a.example/, https://b.example ")).toEqual([
      "https://a.example",
      "https://b.example",
    ]);
    expect(
      createCorsPolicy(["*"]).responseHeaders("https://any.example")["access-control-allow-origin"],
    ).toBe("*");
  });
});
