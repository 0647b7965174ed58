// `stl evidence verify` and `stl evidence keys` as a court's expert and an operator run them: child processes, a real
// record and real files (refusals, keys from a URL and the TrustedForm key in process: evidence-cli.db.test.ts).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EVIDENCE_KEYS_PATH, LEADS_PATH } from "@speed-to-lead/spec";
import { REPOSITORY_ROOT, runCli, runCommand } from "@speed-to-lead/tests/harness/stl-cli";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { createMemoryDatabase, newPgliteFolder } from "../testing/fresh-pglite.ts";
import { completeConsent, createTestToken, intakeRequest } from "../testing/intake-requests.ts";

const base = mkdtempSync(join(tmpdir(), "stl-evidence-cli-"));

afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The README's commands that check a record with node and openssl alone (its second sh block there). */
function readmeCommands(): string {
  const readme = readFileSync(join(REPOSITORY_ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Verify an evidence record without this project"));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
  return blocks[1]!;
}

describe("a record verified outside the server: bun run stl evidence verify, the README's node and openssl", () => {
  it("verify a record and its chain (stl as a process, then with nothing of the project); a changed byte fails them", async () => {
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
      // The same files checked by the tool as a process.
      const goodDir = join(base, "readme-good");
      const stl = await runCli(
        ["evidence", "verify", join(goodDir, "record.json"), "--keys", join(goodDir, "keys.json")],
        {},
      );
      expect([stl.exitCode, stl.stderr]).toEqual([0, ""]);
      expect(stl.stdout).toMatch(
        /^Verified: signed with key [\w-]{43}; the record shows the lead's log up to entry 1 /,
      );
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
  }, 180_000);
});
