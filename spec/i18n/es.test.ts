import { describe, expect, it } from "vitest";
import { FIELD_ERROR_CODES } from "../src/field-error-codes.ts";
import { buildOpenApiDocument } from "../src/openapi.ts";
import { PROBLEM_CODES, SECONDS_TEXT } from "../src/problem-codes.ts";
import { declaredTexts, type TextId } from "../src/text.ts";
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
  it("cover every human text of the English document (from the problem table or a declared text's id)", () => {
    expect(translateDocument(buildOpenApiDocument(), es).missing).toEqual([]);
  });

  it("hold no id that no text declares, and every declared text is in the English document (stale texts)", () => {
    const used = new Set<string>();
    mapHumanText(buildOpenApiDocument() as Json, (english) => {
      used.add(english);
      return english;
    });
    expect(Object.keys(es).filter((id) => !declaredTexts.has(id as TextId))).toEqual([]);
    expect([...declaredTexts].filter(([, english]) => !used.has(english)).map(([id]) => id)).toEqual([]);
  });

  it("leave no English human text in the Spanish document", () => {
    const english = buildOpenApiDocument() as Json;
    const untranslated: string[] = [];
    const spanishTexts = new Map<string, string>();
    mapHumanText(translateDocument(english, es).document, (spanish, path) => {
      spanishTexts.set(path, spanish);
      return spanish;
    });
    mapHumanText(english, (text, path) => {
      if (spanishTexts.get(path) === text) untranslated.push(`${path}: ${text}`);
      return text;
    });
    expect(spanishTexts.size).toBeGreaterThan(Object.keys(es).length);
    expect(untranslated).toEqual([]);
  });

  it("say every problem and field-error text in Spanish, with the English text's placeholders", () => {
    expect(tableTexts.length).toBeGreaterThan(Object.keys(PROBLEM_CODES).length * 3);
    for (const [id, text] of tableTexts) {
      expect(text.es, id).not.toBe(text.en);
      expect(placeholders(text.es), id).toEqual(placeholders(text.en));
    }
  });
});
