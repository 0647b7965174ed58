// Route tests of the surface around the intake: the OpenAPI documents, the offline docs page, health checks.

import spanishDocument from "@speed-to-lead/spec/openapi.es.json" with { type: "json" };
import englishDocument from "@speed-to-lead/spec/openapi.json" with { type: "json" };
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "./app.ts";
import type { Database } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { createMemoryDatabase } from "./testing/fresh-pglite.ts";

let db: Database;
let app: App;
let ready = false;

beforeAll(async () => {
  db = await createMemoryDatabase();
  app = createApp({ db, isReady: () => ready });
});
afterAll(() => db.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  app.handle(new Request(`http://localhost${path}`, { headers }));

describe("GET /api/openapi.json", () => {
  it("serves the spec's English document, and the Spanish one by ?lang=es or Accept-Language", async () => {
    const en = await get("/api/openapi.json");
    expect(en.status).toBe(200);
    expect(en.headers.get("content-type")).toBe("application/json");
    expect(await en.json()).toEqual(englishDocument);
    expect(await (await get("/api/openapi.json?lang=es")).json()).toEqual(spanishDocument);
    expect(await (await get("/api/openapi.json", { "accept-language": "es-ES" })).json()).toEqual(
      spanishDocument,
    );
    expect(await (await get("/api/openapi.json?lang=en", { "accept-language": "es" })).json()).toEqual(
      englishDocument,
    );
    expect((englishDocument as { openapi: string }).openapi).toMatch(/^3\.1\./);
  });
});

describe("GET /api/docs", () => {
  it("renders Swagger UI from local assets only, pointed at /api/openapi.json", async () => {
    const page = await get("/api/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("/api/openapi.json?lang=en");
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset.startsWith("/"), `${asset} must be served locally`).toBe(true);
      const response = await get(asset);
      expect(response.status, asset).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    expect((await get("/api/docs/assets/..%2Fpackage.json")).status).toBe(404);
  });
});

describe("health", () => {
  it("says the process is up on /healthz, and /readyz waits for migrations and the database", async () => {
    expect((await get("/healthz")).status).toBe(200);
    const notYet = await get("/readyz");
    expect(notYet.status).toBe(503);
    expect(notYet.headers.get("retry-after")).toBe("2");
    await migrate(db);
    ready = true;
    const readyResponse = await get("/readyz");
    expect(readyResponse.status).toBe(200);
    expect(await readyResponse.json()).toEqual({ status: "ready" });
  });
});
