// `bun run release <patch|minor|major> [--publish]`: the SDK's release steps, in order, stopping at the first failure.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type Bump = "patch" | "minor" | "major";

/**
 * The next version. While the major is 0, a breaking change raises the minor version (SemVer's 0.x
 * convention), so "major" on 0.x means 1.0.0 only when asked for explicitly.
 *
 * @example nextVersion("0.1.0", "minor") // "0.2.0"
 */
export function nextVersion(version: string, bump: Bump): string {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`version ${version} is not MAJOR.MINOR.PATCH`);
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  if (bump === "major") return `${major + 1}.0.0`;
  if (bump === "minor") return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/**
 * The changelog with its "Unreleased" section named `version` and dated, and a fresh empty "Unreleased"
 * above it. Throws when there is no Unreleased section or it says nothing: a release needs its notes.
 *
 * @example releaseChangelog("## Unreleased\n\n- x\n", "0.2.0", "2026-12-01") // "## Unreleased\n\n## 0.2.0 (2026-12-01)\n\n- x\n"
 */
export function releaseChangelog(changelog: string, version: string, date: string): string {
  const heading = /^## Unreleased[ \t]*$/m.exec(changelog);
  if (!heading) throw new Error('CHANGELOG.md has no "## Unreleased" section');
  const rest = changelog.slice(heading.index + heading[0].length);
  const notes = rest.split(/^## /m)[0]!;
  if (!/\S/.test(notes))
    throw new Error('CHANGELOG.md\'s "Unreleased" section is empty: write the notes first');
  return `${changelog.slice(0, heading.index)}## Unreleased\n\n## ${version} (${date})${rest}`;
}

function step(what: string, command: string, args: string[], cwd: string): string {
  console.log(`── release: ${what}`);
  const result = spawnSync(command, args, { cwd, encoding: "utf8", stdio: ["inherit", "pipe", "inherit"] });
  if (result.status !== 0) {
    console.error(`✗ release stopped: ${what} (${command} ${args.join(" ")} exited ${result.status})`);
    process.exit(1);
  }
  return result.stdout;
}

if (import.meta.main) {
  const sdkRoot = join(import.meta.dir, "..");
  const bump = process.argv[2] as Bump;
  if (!["patch", "minor", "major"].includes(bump)) {
    console.error("usage: bun run release <patch|minor|major> [--publish]");
    process.exit(2);
  }
  const dirty = step("the working tree is clean", "git", ["status", "--porcelain"], sdkRoot);
  if (dirty.trim()) {
    console.error(`✗ release stopped: uncommitted changes\n${dirty}`);
    process.exit(1);
  }
  const packagePath = join(sdkRoot, "package.json");
  const changelogPath = join(sdkRoot, "CHANGELOG.md");
  const packageText = readFileSync(packagePath, "utf8");
  const current = (JSON.parse(packageText) as { version: string }).version;
  const version = nextVersion(current, bump);
  const changelog = releaseChangelog(
    readFileSync(changelogPath, "utf8"),
    version,
    new Date().toISOString().slice(0, 10),
  );
  const changelogText = readFileSync(changelogPath, "utf8");
  // The version first: the build writes it into X-STL-Client, so the gates check what will be published.
  writeFileSync(packagePath, packageText.replace(`"version": "${current}"`, `"version": "${version}"`));
  writeFileSync(changelogPath, changelog);
  const gates = spawnSync(process.execPath, ["scripts/check.ts"], { cwd: sdkRoot, stdio: "inherit" });
  if (gates.status !== 0) {
    writeFileSync(packagePath, packageText);
    writeFileSync(changelogPath, changelogText);
    console.error(
      "✗ release stopped: a packaging gate failed (bun run check); version and changelog restored",
    );
    process.exit(1);
  }
  step(
    "commit",
    "git",
    ["commit", "--quiet", "-m", `sdk ${version}`, "--", "package.json", "CHANGELOG.md"],
    sdkRoot,
  );
  step(
    "tag",
    "git",
    ["tag", "--annotate", `sdk-v${version}`, "-m", `@speed-to-lead/sdk ${version}`],
    sdkRoot,
  );
  if (process.argv.includes("--publish")) {
    // Provenance needs a CI identity (GitHub Actions' OIDC token); on a laptop it is left out.
    const provenance = process.env.CI ? ["--provenance"] : [];
    step("npm publish", "npm", ["publish", "--access", "public", ...provenance], sdkRoot);
  }
  console.log(
    `✓ @speed-to-lead/sdk ${version}: committed and tagged sdk-v${version}. Push both (git push --follow-tags)${
      process.argv.includes("--publish") ? "" : ", then npm publish from sdk/"
    }.`,
  );
}
