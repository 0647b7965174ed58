import { IGNORED_FIELD_NAME_MAX, IGNORED_FIELDS_KEPT } from "@speed-to-lead/spec";
import { describe, expect, it } from "vitest";
import { keptIgnoredFields } from "./ignored-fields.ts";

describe("keptIgnoredFields", () => {
  it("keeps the stored names first, then new ones, each once; none is null", () => {
    expect(keptIgnoredFields(null, [])).toBeNull();
    expect(keptIgnoredFields(["utm_source"], ["crm_stage", "utm_source", "gclid"])).toEqual([
      "utm_source",
      "crm_stage",
      "gclid",
    ]);
  });

  it("keeps at most IGNORED_FIELDS_KEPT names, the first seen", () => {
    const names = Array.from({ length: 50 }, (_, i) => `f${i}`);
    expect(keptIgnoredFields(names.slice(0, 3), names)).toEqual(names.slice(0, IGNORED_FIELDS_KEPT));
  });

  it("cuts a long name by characters, never through a surrogate pair", () => {
    const emoji = "😀".repeat(IGNORED_FIELD_NAME_MAX + 5);
    const [kept] = keptIgnoredFields(null, [emoji]) ?? [];
    expect(Array.from(kept!)).toHaveLength(IGNORED_FIELD_NAME_MAX);
    expect(kept).toBe("😀".repeat(IGNORED_FIELD_NAME_MAX));
  });

  it("replaces what PostgreSQL cannot store (NUL, a lone surrogate) with U+FFFD", () => {
    expect(keptIgnoredFields([], ["a\u0000b", "c\ud800", "\udc00d"])).toEqual([
      "a\ufffdb",
      "c\ufffd",
      "\ufffdd",
    ]);
  });
});
