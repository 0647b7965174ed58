import { describe, expect, it } from "vitest";
import { CLI_CONCEPTS, CLI_DICTIONARY, cliTranslator } from "./cli-dictionary.ts";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the command line's dictionary", () => {
  it("has the same keys in English and Spanish in every concept, none empty, no key in two concepts", () => {
    const seen = new Set<string>();
    for (const concept of CLI_CONCEPTS) {
      expect(Object.keys(concept.es).sort()).toEqual(Object.keys(concept.en).sort());
      for (const key of Object.keys(concept.en)) {
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
    for (const lang of ["en", "es"] as const)
      for (const [key, text] of Object.entries(CLI_DICTIONARY[lang])) expect(text.trim(), key).not.toBe("");
  });

  it("uses the same placeholders in both languages", () => {
    for (const [key, text] of Object.entries(CLI_DICTIONARY.en))
      expect(placeholders(CLI_DICTIONARY.es[key as keyof typeof CLI_DICTIONARY.es]), key).toEqual(
        placeholders(text),
      );
  });

  it("says each English and each Spanish text once", () => {
    for (const lang of ["en", "es"] as const) {
      const texts = Object.values(CLI_DICTIONARY[lang]);
      expect(
        texts.filter((text, index) => texts.indexOf(text) !== index),
        lang,
      ).toEqual([]);
    }
  });

  it("is translated: Spanish differs from English everywhere", () => {
    const same = Object.entries(CLI_DICTIONARY.en)
      .filter(([key, text]) => CLI_DICTIONARY.es[key as keyof typeof CLI_DICTIONARY.es] === text)
      .map(([key]) => key);
    expect(same).toEqual([]);
  });

  it("fills placeholders without reading a value as a template", () => {
    expect(cliTranslator("es")("tokens.renamed", { id: "7", name: "{id}" })).toBe(
      "Token de canal 7 renombrado a {id}.",
    );
    expect(cliTranslator("en")("usage", { command: "stl" })).toMatch(/^Usage: stl <command>/);
  });
});
