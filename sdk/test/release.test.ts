// The release script's pure steps: the next version, and the changelog's Unreleased section becoming that version.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nextVersion, releaseChangelog } from "../scripts/release";

describe("release steps", () => {
  it.each([
    ["0.1.0", "patch", "0.1.1"],
    ["0.1.0", "minor", "0.2.0"],
    ["0.9.3", "major", "1.0.0"],
    ["1.4.2", "minor", "1.5.0"],
  ] as const)("%s + %s = %s", (version, bump, next) => {
    expect(nextVersion(version, bump)).toBe(next);
  });

  it("refuses a version that is not MAJOR.MINOR.PATCH", () => {
    expect(() => nextVersion("1.0.0-beta.1", "patch")).toThrow(/MAJOR.MINOR.PATCH/);
  });

  it("names and dates the Unreleased notes, and opens a fresh Unreleased section above them", () => {
    const before = "# Changelog\n\n## Unreleased\n\n- a fix\n\n## 0.1.0 (2026-11-21)\n\n- first\n";
    expect(releaseChangelog(before, "0.1.1", "2026-12-01")).toBe(
      "# Changelog\n\n## Unreleased\n\n## 0.1.1 (2026-12-01)\n\n- a fix\n\n## 0.1.0 (2026-11-21)\n\n- first\n",
    );
  });

  it("refuses to release without notes", () => {
    expect(() => releaseChangelog("## Unreleased\n\n## 0.1.0\n\n- x\n", "0.1.1", "2026-12-01")).toThrow(
      /empty/,
    );
    expect(() => releaseChangelog("## 0.1.0\n", "0.1.1", "2026-12-01")).toThrow(/no "## Unreleased"/);
  });

  it("the package's own CHANGELOG.md is ready to release", () => {
    const changelog = readFileSync(join(import.meta.dirname, "../CHANGELOG.md"), "utf8");
    expect(() => releaseChangelog(changelog, "0.2.0", "2026-12-01")).not.toThrow();
  });
});
