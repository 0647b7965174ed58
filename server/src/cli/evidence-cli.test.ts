// `stl evidence verify` and `stl evidence keys` as a court's expert and an operator run them: child processes, real records, real files and a real URL.
import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EVIDENCE_KEYS_PATH, LEADS_PATH } from "@speed-to-lead/spec";
import {
  createChannelToken,
  REPOSITORY_ROOT,
  runCli,
  runCommand,
} from "@speed-to-lead/tests/harness/stl-cli";
import { exportJWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { evidenceKeyOf } from "../core/evidence/evidence-keys.ts";
import type { Database } from "../db/database.ts";
import { createMemoryDatabase, newPgliteFolder } from "../testing/fresh-pglite.ts";
import { completeConsent, createTestToken, intakeRequest } from "../testing/intake-requests.ts";

const base = mkdtempSync(join(tmpdir(), "stl-evidence-cli-"));
const file = (name: string, content: string) => {
  const path = join(base, name);
  writeFileSync(path, content);
  return path;
};

afterAll(() => rmSync(base, { recursive: true, force: true }));

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
    const fromFile = await runCli(["evidence", "verify", recordFile, "--keys", file("keys.json", jwks)], {});
    expect([fromFile.exitCode, fromFile.stderr]).toEqual([0, ""]);
    expect(fromFile.stdout).toMatch(
      /^Verified: signed with key [\w-]{43}; the record shows the lead's log up to entry 1 /,
    );
    const fromUrl = await runCli(
      ["evidence", "verify", recordFile, "--keys", `http://127.0.0.1:${server.port}/keys`, "--json"],
      {},
    );
    expect(fromUrl.exitCode).toBe(0);
    expect(JSON.parse(fromUrl.stdout)).toMatchObject({ ok: true, asOf: { seq: 1 } });
  }, 60_000);

  it("a changed byte or another key: exit 1 with the reason, in the operator's language", async () => {
    const keysFile = file("keys.json", jwks);
    const tampered = file("tampered.json", record.replace("+14155550142", "+14155550143"));
    const changed = await runCli(["evidence", "verify", tampered, "--keys", keysFile], {});
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
    const wrongKey = await runCli(
      ["evidence", "verify", file("record.json", record), "--keys", impostor, "--lang", "es"],
      {},
    );
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
    const unknown = await runCli(
      ["evidence", "verify", file("record.json", record), "--keys", unrelated],
      {},
    );
    expect([unknown.exitCode, unknown.stderr]).toEqual([
      1,
      expect.stringContaining("none of the keys given signed it"),
    ]);

    const missing = await runCli(["evidence", "verify", join(base, "nothing.json"), "--keys", keysFile], {});
    expect([missing.exitCode, missing.stderr]).toEqual([1, expect.stringContaining("Cannot read")]);
    const noFile = await runCli(["evidence", "verify"], {});
    expect([noFile.exitCode, noFile.stderr]).toEqual([
      2,
      expect.stringContaining("evidence verify needs a record file"),
    ]);
  }, 60_000);
});

/** The README's commands that check a record with node and openssl alone (its second sh block there). */
function readmeCommands(): string {
  const readme = readFileSync(join(REPOSITORY_ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Verify an evidence record without this project"));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
  return blocks[1]!;
}

describe("the README's plain node and openssl commands", () => {
  it("verify a record and its chain with nothing of the project; a changed byte fails them", async () => {
    const db = await createMemoryDatabase();
    try {
      const app = createApp({ db, rateLimit: { perSecond: 0, burst: 0 } });
      const { token } = await createTestToken(db, "acme");
      const posted = await app.handle(
        intakeRequest({ phone: "(415) 555-0142", first_name: "Zoë", consent: completeConsent() }, { token }),
      );
      const { id } = await posted.json();
      const record = await (
        await app.handle(
          new Request(`http://localhost${LEADS_PATH}/${id}/evidence`, {
            headers: { authorization: `Bearer ${token}` },
          }),
        )
      ).text();
      const keys = await (await app.handle(new Request(`http://localhost${EVIDENCE_KEYS_PATH}`))).text();
      const run = async (name: string, text: string) => {
        const dir = join(base, name);
        mkdirSync(dir);
        writeFileSync(join(dir, "record.json"), text);
        writeFileSync(join(dir, "keys.json"), keys);
        return await runCommand(["bash", "-e", "-c", readmeCommands()], dir, {});
      };
      const good = await run("readme-good", record);
      expect([good.exitCode, good.stderr]).toEqual([0, ""]);
      expect(good.stdout).toContain("Signature Verified Successfully");
      expect(good.stdout).toContain("Chain intact: 1 entries");
      const bad = await run(
        "readme-tampered",
        record.replace("Zo\u00eb", "Zoe").replace("Zoë", "Zoe").replace('"test":false', '"test":true'),
      );
      expect(bad.exitCode).not.toBe(0);
      expect(bad.stdout + bad.stderr).toContain("Signature Verification Failure");
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe("bun run stl evidence keys (embedded database)", () => {
  it("rotate keeps a new key encrypted beside the data and the old public keys; list shows them all", async () => {
    const dir = newPgliteFolder(join(base, "data"));
    const env = { PGLITE_DIR: dir, LOG_LEVEL: "warn" };
    const first = await runCli(["evidence", "keys", "rotate", "--json"], env);
    expect(first.exitCode).toBe(0);
    const second = await runCli(["evidence", "keys", "rotate"], env);
    expect([second.exitCode, second.stdout]).toEqual([
      0,
      expect.stringContaining("The old public keys stay published"),
    ]);
    const secret = `${dir}.evidence-secret`;
    expect(existsSync(secret)).toBe(true);
    expect(statSync(secret).mode & 0o077).toBe(0);
    const listed = await runCli(["evidence", "keys", "list", "--json"], env);
    const keys = JSON.parse(listed.stdout) as { kid: string; retired_at: string | null }[];
    expect(keys).toHaveLength(2);
    expect(keys.map((key) => key.retired_at === null)).toEqual([false, true]);
    expect(keys[0]!.kid).toBe(JSON.parse(first.stdout).kid);

    await createChannelToken(env, "acme", "integration");
    const set = await runCli(["accounts", "trustedform", "acme", "--api-key", "tf-key", "--json"], env);
    expect([set.exitCode, JSON.parse(set.stdout)]).toEqual([
      0,
      { account: "acme", trustedform_claims: true },
    ]);
    const unknown = await runCli(["accounts", "trustedform", "nobody", "--clear"], env);
    expect([unknown.exitCode, unknown.stderr]).toEqual([2, expect.stringContaining("No account nobody")]);
  }, 180_000);
});
