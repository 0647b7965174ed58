// The evidence signing key of a real server process: made on first start and kept encrypted beside the PGlite data, the same after a restart, a new one after `stl evidence keys rotate` with the old one still published; an unusable EVIDENCE_PRIVATE_KEY refuses to start with the fix.
import { createHash, createPublicKey, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newPgliteFolder } from "@speed-to-lead/server/testing/fresh-pglite";
import { createDatabase } from "@speed-to-lead/server/testing/postgres-cluster";
import { EVIDENCE_KEYS_PATH } from "@speed-to-lead/spec";
import { afterAll, describe, expect, inject, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../harness/server-process.ts";
import { REPOSITORY_ROOT, runCli, runCommand } from "../harness/stl-cli.ts";

const base = mkdtempSync(join(tmpdir(), "stl-evidence-keys-"));
// A copy of the run's migrated template: a fresh initdb is slower than the harness waits.
const dir = newPgliteFolder(join(base, "data"));
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL");
  rmSync(base, { recursive: true, force: true });
});

const kids = async (server: ServerProcess) =>
  (
    (await (await fetch(`${server.baseUrl}${EVIDENCE_KEYS_PATH}`)).json()) as { keys: { kid: string }[] }
  ).keys.map((key) => key.kid);
const start = async (
  databaseEnv: Record<string, string> = { PGLITE_DIR: dir },
  env: Record<string, string> = {},
) => {
  const server = await startServerProcess({ databaseEnv, env });
  servers.push(server);
  return server;
};

describe("the evidence signing key of a server on PGlite", () => {
  it("is made on the first start, its private half encrypted with a secret file beside the folder; a restart keeps it", async () => {
    const first = await start();
    const [kid] = await kids(first);
    expect(kid).toMatch(/^[\w-]{43}$/);
    expect(await first.stop()).toBe(0);
    const secret = `${dir}.evidence-secret`;
    expect(statSync(secret).mode & 0o077).toBe(0);
    expect(readFileSync(secret, "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);

    const again = await start();
    expect(await kids(again)).toEqual([kid]);
    expect(await again.stop()).toBe(0);

    const rotated = await runCli(["evidence", "keys", "rotate", "--json"], {
      PGLITE_DIR: dir,
      LOG_LEVEL: "warn",
    });
    expect(rotated.exitCode).toBe(0);
    const next = await start();
    // Newest first; the old key stays published so records it signed still verify.
    expect(await kids(next)).toEqual([JSON.parse(rotated.stdout).kid, kid]);
    expect(await next.stop()).toBe(0);
  }, 180_000);

  it("an EVIDENCE_PRIVATE_KEY that is not an Ed25519 private key refuses to start, saying how to make one", async () => {
    for (const key of ["not a key", readFileSync(join(REPOSITORY_ROOT, "README.md"), "utf8").slice(0, 40)]) {
      const refused = await runCommand(["bun", "server/src/main.ts"], REPOSITORY_ROOT, {
        PGLITE_DIR: join(base, "unused"),
        EVIDENCE_PRIVATE_KEY: key,
        PORT: "0",
      });
      expect(refused.exitCode).not.toBe(0);
      expect(refused.stderr).toContain(
        "EVIDENCE_PRIVATE_KEY is not a private key in PEM: make one with `openssl genpkey -algorithm ed25519`",
      );
    }
  }, 60_000);
});

describe("the evidence signing key of servers on PostgreSQL", () => {
  it("EVIDENCE_PRIVATE_KEY (a \\n-escaped PEM) is the key published; without it a process publishes its own, and the old one stays", async () => {
    const databaseEnv = { DATABASE_URL: await createDatabase(inject("postgresAdminUrl")) };
    const { privateKey } = generateKeyPairSync("ed25519");
    const pem = (privateKey.export({ format: "pem", type: "pkcs8" }) as string)
      .trim()
      .replaceAll("\n", "\\n");
    // RFC 7638: SHA-256 of the required members in order, base64url.
    const { x } = createPublicKey(privateKey).export({ format: "jwk" });
    const expected = createHash("sha256")
      .update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`)
      .digest("base64url");

    const configured = await start(databaseEnv, { EVIDENCE_PRIVATE_KEY: pem });
    expect(await kids(configured)).toEqual([expected]);
    await configured.stop();

    const own = await start(databaseEnv);
    const published = await kids(own);
    expect(published).toHaveLength(2);
    expect(published[1]).toBe(expected);
    expect(own.lines.join("\n")).toContain("EVIDENCE_PRIVATE_KEY unset");
    await own.stop();
  }, 180_000);
});
