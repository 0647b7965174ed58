import { describe, expect, it } from "vitest";
import { loadConfig, REPOSITORY_ROOT, resolvePgliteDir } from "./config.ts";

describe("loadConfig", () => {
  it("has the defaults server/README.md lists", () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: undefined,
      pgliteDir: `${REPOSITORY_ROOT}/.data/pglite`,
      rateLimitPerSecond: 50,
      rateLimitBurst: 100,
      logLevel: "info",
      databasePoolSize: 4,
      corsAllowedOrigins: [],
      trustProxy: false,
      publicUrl: undefined,
    });
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgres://db/leads",
      PGLITE_DIR: "memory",
      RATE_LIMIT_PER_SECOND: "0",
      RATE_LIMIT_BURST: "5",
      LOG_LEVEL: "WARN",
      DATABASE_POOL_SIZE: "2",
      CORS_ALLOWED_ORIGINS: "https://forms.example.com",
      TRUST_PROXY: "true",
      PUBLIC_URL: "https://leads.example.com/",
    });
    expect(config).toMatchObject({ trustProxy: true, publicUrl: "https://leads.example.com" });
    expect(config).toMatchObject({ port: 8080, host: "127.0.0.1", databaseUrl: "postgres://db/leads" });
    expect(config).toMatchObject({
      pgliteDir: "memory",
      rateLimitPerSecond: 0,
      rateLimitBurst: 5,
      logLevel: "warn",
      corsAllowedOrigins: ["https://forms.example.com"],
    });
  });

  it("resolves a relative PGLITE_DIR against the repository root, so bun start and bun run stl agree", () => {
    expect(resolvePgliteDir("data/x")).toBe(`${REPOSITORY_ROOT}/data/x`);
    expect(resolvePgliteDir("/srv/pglite")).toBe("/srv/pglite");
  });

  it("refuses nonsense instead of guessing", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow("PORT");
    expect(() => loadConfig({ RATE_LIMIT_BURST: "-1" })).toThrow("RATE_LIMIT_BURST");
    expect(() => loadConfig({ LOG_LEVEL: "chatty" })).toThrow("LOG_LEVEL");
    expect(() => loadConfig({ TRUST_PROXY: "maybe" })).toThrow("TRUST_PROXY");
    expect(() => loadConfig({ PUBLIC_URL: "leads.example.com/console" })).toThrow("PUBLIC_URL");
  });
});
