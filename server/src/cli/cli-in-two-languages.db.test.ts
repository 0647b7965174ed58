// `bun run stl` in Spanish and English, run in this process on an in-memory database: what each command made,
// listed and refused; the language chosen by --lang, STL_LANG or the locale. The tool as a process (its help
// without a database, the refusal of a database in use): cli-in-two-languages.test.ts.
import { describe, expect, it } from "vitest";
import { useCliInProcess } from "../testing/cli-in-process.ts";

/** The tool on a test database, with these settings for its language. */
const runCli = useCliInProcess();
const env = { LOG_LEVEL: "warn" };
const spanishLocale = { ...env, LANG: "es_MX.UTF-8" };

describe("bun run stl in two languages", () => {
  it("speaks Spanish for tokens and owners: what it made, lists and refusals", async () => {
    const created = await runCli(["tokens", "create", "--account", "acme", "--name", "Web"], spanishLocale);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stdout).toContain("Cuenta acme creada.");
    expect(created.stdout).toContain("para la cuenta acme, puede leer prospectos (guárdelo en un servidor):");
    expect(created.stdout).toContain("Solo se muestra ahora");
    const token = /stl_ch_[A-Za-z0-9_-]{43}/.exec(created.stdout)![0];

    const tokenId = /Token de canal (\S+) \(Web\)/.exec(created.stdout)![1]!;
    const inside = await runCli(
      ["tokens", "callback", tokenId, "--url", "http://127.0.0.1:9/hook", "--lang", "es"],
      {
        ...env,
        CALLBACK_ALLOW_PRIVATE: "false",
      },
    );
    expect([inside.exitCode, inside.stderr.split("\n")[0]]).toEqual([
      2,
      "--url: 127.0.0.1 no es una dirección pública (127.0.0.1); CALLBACK_ALLOW_PRIVATE=true la permite",
    ]);

    const listed = await runCli(["tokens", "list", "--lang", "es"], env);
    expect(listed.stdout).toContain(`acme  stl_ch_…${token.slice(-4)}  read  activo  nunca usado  Web`);

    const id = "01a1fff5-382e-752a-b378-6e4cd8eaf740";
    const revoked = await runCli(["tokens", "revoke", id], { ...env, STL_LANG: "es" });
    expect([revoked.exitCode, revoked.stdout.trim()]).toEqual([
      1,
      `No hay ningún token de canal con id ${id}.`,
    ]);

    const owner = await runCli(["owners", "create", "--account", "acme", "--email", "Ana@acme.example"], {
      ...env,
      STL_LANG: "es",
    });
    expect(owner.stdout).toContain("Propietario ana@acme.example de la cuenta acme creado.");
    expect(owner.stdout).toContain("Enlace de acceso (funciona una vez, durante 7 días");
    const owners = await runCli(["owners", "list", "--lang", "es"], env);
    expect(owners.stdout).toContain("acme  ana@acme.example  aún sin contraseña");

    const badSlug = await runCli(
      ["owners", "create", "--account", "No Slug", "--email", "a@b.co"],
      spanishLocale,
    );
    expect([badSlug.exitCode, badSlug.stderr.split("\n")[0]]).toEqual([
      2,
      "--account: minúsculas, dígitos, - y _, 63 como máximo",
    ]);
  }, 180_000);

  it("speaks Spanish for the do-not-call list and holds; --json stays the same; --lang en wins over STL_LANG", async () => {
    const added = await runCli(["dnc", "add", "(415) 555-2671", "--account", "acme", "--lang", "es"], env);
    expect([added.exitCode, added.stdout.trim()]).toEqual([
      0,
      "+14155552671 está ahora en la lista de no llamar.",
    ]);
    const bad = await runCli(["dnc", "add", "not a phone", "--account", "acme"], spanishLocale);
    expect([bad.exitCode, bad.stderr.split("\n")[0]]).toEqual([2, "No es un número de teléfono válido."]);
    expect(bad.stderr).toContain("Uso:");

    const until = "2099-12-01T00:00:00Z";
    const held = await runCli(
      ["holds", "add", "--state", "LA", "--until", until, "--reason", "emergencia", "--by", "ana"],
      spanishLocale,
    );
    expect(held.stdout).toMatch(
      /^Suspensión \S+: ninguna llamada a 225 318 337 457 504 985 desde .* hasta 2099-12-01/,
    );
    const unknownState = await runCli(
      ["holds", "add", "--state", "ZZ", "--until", until, "--reason", "x"],
      spanishLocale,
    );
    expect([unknownState.exitCode, unknownState.stderr.split("\n")[0]]).toEqual([
      2,
      "No se conocen códigos de área para ese estado: indique --area-codes en su lugar.",
    ]);

    const spanish = await runCli(["holds", "list"], { ...env, STL_LANG: "es" });
    expect(spanish.stdout).toContain('"emergencia"  por "ana"');
    const english = await runCli(["holds", "list", "--lang", "en"], { ...env, STL_LANG: "es" });
    expect(english.stdout).toContain('"emergencia"  by "ana"');
    const json = await runCli(["holds", "list", "--json"], { ...env, STL_LANG: "es" });
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ state: "LA", reason: "emergencia" })]);

    const gone = await runCli(["holds", "remove", "01a1fff5-382e-752a-b378-6e4cd8eaf740"], spanishLocale);
    expect([gone.exitCode, gone.stdout.trim()]).toEqual([
      1,
      "No hay ninguna suspensión vigente 01a1fff5-382e-752a-b378-6e4cd8eaf740.",
    ]);
  }, 240_000);
});
