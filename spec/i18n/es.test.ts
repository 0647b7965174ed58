import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../src/openapi.ts";
import { PROBLEM_CODES } from "../src/problem-codes.ts";
import { type Json, mapHumanText } from "../src/translate.ts";
import { es } from "./es.ts";

describe("the Spanish dictionary", () => {
  it("holds no entry that the English document no longer uses (stale translations)", () => {
    const used = new Set<string>();
    mapHumanText(buildOpenApiDocument() as Json, (text) => {
      used.add(text);
      return text;
    });
    // Problem titles also serve the server's Spanish errors, so a title may be unused by the document.
    for (const { title } of Object.values(PROBLEM_CODES)) used.add(title.en);
    expect(Object.keys(es).filter((english) => !used.has(english))).toEqual([]);
  });
});
