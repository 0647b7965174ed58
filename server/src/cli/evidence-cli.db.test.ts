// `stl evidence verify` and `stl accounts trustedform` run in this process: a record checked with keys from a file
// or a URL, refused when changed or signed by another key (in the operator's language), plain usage mistakes; a
// TrustedForm key set on an account. The tool as a process (a record verified, keys rotated beside an embedded
// database): evidence-cli.test.ts.
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EVIDENCE_KEYS_PATH, LEADS_PATH } from "@speed-to-lead/spec";
import { exportJWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { evidenceKeyOf } from "../core/evidence/evidence-keys.ts";
import type { Database } from "../db/database.ts";
import { useCliInProcess } from "../testing/cli-in-process.ts";
import { createMemoryDatabase } from "../testing/fresh-pglite.ts";
import { completeConsent, createTestToken, intakeRequest } from "../testing/intake-requests.ts";
import { seedTokensIn } from "../testing/seed-tokens.ts";

const base = mkdtempSync(join(tmpdir(), "stl-evidence-cli-"));
const file = (name: string, content: string) => {
  const path = join(base, name);
  writeFileSync(path, content);
  return path;
};
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The tool on a test database with account acme (the settings it reads are passed, none of this process). */
const runCli = useCliInProcess((db) => seedTokensIn(db, { tokens: { integration: "acme" } }));

describe("bun run stl evidence verify", () => {
  let db: Database;
  let record: string;
  let jwks: string;
  let server: ReturnType<typeof Bun.serve>;

  beforeAll(async () => {
    db = await createMemoryDatabase();
    const app = createApp({ db, rateLimit: { perSecond: 0, burst: 0 } });
    const { token } = await createTestToken(db, "acme");
    const posted = await app.handle(
      intakeRequest({ phone: "(415) 555-0142", first_name: "Ana", consent: completeConsent() }, { token }),
    );
    const { id } = await posted.json();
    record = await (
      await app.handle(
        new Request(`http://localhost${LEADS_PATH}/${id}/evidence`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      )
    ).text();
    jwks = await (await app.handle(new Request(`http://localhost${EVIDENCE_KEYS_PATH}`))).text();
    server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: () => new Response(jwks, { headers: { "content-type": "application/json" } }),
    });
  });
  afterAll(async () => {
    server?.stop(true);
    await db?.close();
  });

  it("verifies a record with the keys from a file or a URL: exit 0 and the point of the log it shows", async () => {
    const recordFile = file("record.json", record);
    const fromFile = await runCli(["evidence", "verify", recordFile, "--keys", file("keys.json", jwks)]);
    expect([fromFile.exitCode, fromFile.stderr]).toEqual([0, ""]);
    expect(fromFile.stdout).toMatch(
      /^Verified: signed with key [\w-]{43}; the record shows the lead's log up to entry 1 /,
    );
    const fromUrl = await runCli([
      "evidence",
      "verify",
      recordFile,
      "--keys",
      `http://127.0.0.1:${server.port}/keys`,
      "--json",
    ]);
    expect(fromUrl.exitCode).toBe(0);
    expect(JSON.parse(fromUrl.stdout)).toMatchObject({ ok: true, asOf: { seq: 1 } });
  });

  it("a changed byte or another key: exit 1 with the reason, in the operator's language", async () => {
    const keysFile = file("keys.json", jwks);
    const tampered = file("tampered.json", record.replace("+14155550142", "+14155550143"));
    const changed = await runCli(["evidence", "verify", tampered, "--keys", keysFile]);
    expect([changed.exitCode, changed.stdout]).toEqual([1, ""]);
    expect(changed.stderr).toContain(
      "Not verified: the record was changed after it was signed, or another key signed it",
    );

    // A key published under the record's kid that is not the one that signed it.
    const kid = JSON.parse(jwks).keys[0].kid;
    const other = await evidenceKeyOf(generateKeyPairSync("ed25519").privateKey);
    const impostor = file(
      "impostor.json",
      JSON.stringify({ keys: [{ ...other.publicJwk, kid, alg: "EdDSA", use: "sig" }] }),
    );
    const wrongKey = await runCli([
      "evidence",
      "verify",
      file("record.json", record),
      "--keys",
      impostor,
      "--lang",
      "es",
    ]);
    expect(wrongKey.exitCode).toBe(1);
    expect(wrongKey.stderr).toContain(
      "No verificado: el registro cambió después de firmarse, u otra clave lo firmó",
    );

    const unrelated = file(
      "unrelated.json",
      JSON.stringify({
        keys: [{ ...(await exportJWK(generateKeyPairSync("ed25519").publicKey)), kid: "x".repeat(43) }],
      }),
    );
    const unknown = await runCli(["evidence", "verify", file("record.json", record), "--keys", unrelated]);
    expect([unknown.exitCode, unknown.stderr]).toEqual([
      1,
      expect.stringContaining("none of the keys given signed it"),
    ]);

    const missing = await runCli(["evidence", "verify", join(base, "nothing.json"), "--keys", keysFile]);
    expect([missing.exitCode, missing.stderr]).toEqual([1, expect.stringContaining("Cannot read")]);
    const noFile = await runCli(["evidence", "verify"]);
    expect([noFile.exitCode, noFile.stderr]).toEqual([
      2,
      expect.stringContaining("evidence verify needs a record file"),
    ]);
  });
});

describe("bun run stl accounts trustedform", () => {
  it("sets an account's TrustedForm key, refuses an unknown account", async () => {
    const set = await runCli(["accounts", "trustedform", "acme", "--api-key", "tf-key", "--json"]);
    expect([set.exitCode, JSON.parse(set.stdout)]).toEqual([
      0,
      { account: "acme", trustedform_claims: true },
    ]);
    const unknown = await runCli(["accounts", "trustedform", "nobody", "--clear"]);
    expect([unknown.exitCode, unknown.stderr]).toEqual([2, expect.stringContaining("No account nobody")]);
  });
});
