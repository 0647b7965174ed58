// The container recipe cannot run here, so its files are checked against the server: compose.yaml's settings are
// the documented ones, read by the real config reader, complete for its topology; the Dockerfile builds as the tests do.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "@speed-to-lead/server/config";
import { describe, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "../harness/stl-cli.ts";

const read = (path: string) => readFileSync(join(REPOSITORY_ROOT, path), "utf8");

/** Every variable server/README.md's configuration tables name in their first column. */
function documentedSettings(): Set<string> {
  const names = new Set<string>();
  for (const line of read("server/README.md").split("\n")) {
    const firstCell = /^\|([^|]+)\|/.exec(line)?.[1] ?? "";
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1]!);
  }
  return names;
}

interface ComposeService {
  image?: string;
  build?: { target?: string };
  command?: string[];
  environment?: Record<string, string>;
}

const compose = Bun.YAML.parse(read("compose.yaml")) as { services: Record<string, ComposeService> };
const ours = Object.entries(compose.services).filter(
  ([, service]) => service.image === "speed-to-lead" || service.build?.target === "server",
);
const servers = ours.filter(([, service]) => service.command?.[0] === "serve");
const workers = ours.filter(([, service]) => service.command?.[0] === "dispatch");

describe("compose.yaml", () => {
  it("runs two servers and a worker of the server's image, beside PostgreSQL and PgBouncer", () => {
    expect(servers).toHaveLength(2);
    expect(workers).toHaveLength(1);
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(["postgres", "pgbouncer"]));
    expect(ours.map(([, service]) => service.command?.[0]).sort()).toEqual(["dispatch", "serve", "serve"]);
  });

  it.each(ours)(
    "%s sets only documented settings, each accepted by the server's config reader",
    (_name, service) => {
      const env = service.environment ?? {};
      const documented = documentedSettings();
      expect(Object.keys(env).filter((name) => !documented.has(name))).toEqual([]);
      expect(() => loadConfig(env)).not.toThrow();
    },
  );

  it.each(ours)("%s sets what its part of the topology requires", (_name, service) => {
    const env = service.environment ?? {};
    const config = loadConfig(env);
    // Several processes share one PostgreSQL (the embedded database admits one process).
    expect(config.databaseUrl).toBeDefined();
    // Behind the pooler, LISTEN needs PostgreSQL itself, or wake-ups only poll.
    if (config.databasePooler === "transaction") expect(config.databaseDirectUrl).toBeDefined();
    if (service.command?.[0] === "serve") {
      // The worker delivers; the servers only store and notify.
      expect(config.handoff.dispatcherInServer).toBe(workers.length === 0);
      // Limits kept per process are divided among the servers.
      expect(env.SERVER_PROCESSES).toBe(String(servers.length));
    }
  });
});

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");

  it("builds the executable with the script the tests build it with", () => {
    expect(dockerfile).toMatch(/^RUN bun run build:binary$/m);
    const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>;
    expect(scripts["build:binary"]).toMatch(/bun server\/build-binary\.ts$/);
  });

  it("runs it as a non-root user with a data volume, a readiness check and a stop signal", () => {
    const server = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    expect(server).toMatch(/^FROM debian:12-slim AS server$/m);
    expect(server).toMatch(/^USER stl$/m);
    expect(server).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(server).toMatch(/PGLITE_DIR=\/data\/pglite/);
    expect(server).toMatch(/^HEALTHCHECK .* CMD \["stl", "probe", "\/readyz"\]$/m);
    expect(server).toMatch(/^STOPSIGNAL SIGTERM$/m);
  });
});
