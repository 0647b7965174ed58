import { describe, expect, it } from "vitest";
import { FIELD_ERROR_CODES } from "../src/field-error-codes.ts";
import { buildOpenApiDocument } from "../src/openapi.ts";
import { PROBLEM_CODES, SECONDS_TEXT } from "../src/problem-codes.ts";
import { type Json, mapHumanText, translateDocument } from "../src/translate.ts";
import type { Translated } from "../src/translated.ts";
import { es } from "./es.ts";

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

/** Every text of the tables the server answers with, named by its stable id. */
const tableTexts: [string, Translated][] = [
  ...Object.entries(PROBLEM_CODES).flatMap(([code, definition]) =>
    Object.entries(definition)
      .filter((entry): entry is [string, Translated] => typeof entry[1] === "object")
      .map(([key, text]): [string, Translated] => [`${code}.${key}`, text]),
  ),
  ...Object.entries(FIELD_ERROR_CODES),
  ...Object.entries(SECONDS_TEXT).map(([key, text]): [string, Translated] => [`seconds.${key}`, text]),
];

describe("the Spanish texts", () => {
  it("cover every human text of the English document (from the problem table or the prose dictionary)", () => {
    expect(translateDocument(buildOpenApiDocument(), es).missing).toEqual([]);
  });

  it("hold no prose entry that the English document no longer uses (stale translations)", () => {
    const used = new Set<string>();
    mapHumanText(buildOpenApiDocument() as Json, (text) => {
      used.add(text);
      return text;
    });
    expect(Object.keys(es).filter((english) => !used.has(english))).toEqual([]);
  });

  it("say every problem and field-error text in Spanish, with the English text's placeholders", () => {
    expect(tableTexts.length).toBeGreaterThan(Object.keys(PROBLEM_CODES).length * 3);
    for (const [id, text] of tableTexts) {
      expect(text.es, id).not.toBe(text.en);
      expect(placeholders(text.es), id).toEqual(placeholders(text.en));
    }
  });
});
