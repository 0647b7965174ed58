// The hand-off README's rules table and data sets against the rows and tables the server uses.
import { readFileSync } from "node:fs";
import { CALLING_RULES } from "@speed-to-lead/spec";
import { describe, expect, it } from "vitest";
import { AREA_CODE_DATA_SETS } from "../nanpa-area-codes.ts";
import { POSTAL_CODE_DATA } from "./postal-codes.ts";

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const readme = readFileSync(new URL("./README.md", import.meta.url), "utf8");

/** The rules table's rows: jurisdiction, cap and read date as the README gives them. */
function documentedRows(): { jurisdiction: string; cap: string; read: string }[] {
  return readme
    .split("\n")
    .filter((line) => /^\| US(-[A-Z]{2})? /.test(line))
    .map((line) => {
      const cells = line.split("|").map((cell) => cell.trim());
      return { jurisdiction: cells[1]!.split(" ")[0]!, cap: cells[4]!, read: cells[6]! };
    });
}

describe("the hand-off README", () => {
  it("lists every calling rule row of the spec, once, with its cap and the date its source was read", () => {
    const expected = CALLING_RULES.map((rule) => ({
      jurisdiction: rule.jurisdiction,
      cap: rule.callCap ? `${rule.callCap.calls} / ${rule.callCap.hours} h` : "",
      read: rule.checked,
    }));
    expect(documentedRows()).toEqual(expected);
  });

  it("names every area-code data set with its version and publication date, and the ZIP data sets", () => {
    for (const set of AREA_CODE_DATA_SETS)
      expect(readme).toMatch(
        new RegExp(`\\| ${literal(set.name)} +\\| ${literal(set.version)} +\\| ${set.published} +\\|`),
      );
    for (const [, name, version] of POSTAL_CODE_DATA.matchAll(/(@?[\w/-]+) (\d+\.\d+\.\d+)/g))
      expect(readme).toContain(`${name} ${version}`);
  });
});
