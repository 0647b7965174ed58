import { describe, expect, it } from "vitest";
import { DICTIONARY, translator } from "./dictionary.ts";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the console dictionary", () => {
  it("has the same keys in English and Spanish, none empty", () => {
    expect(Object.keys(DICTIONARY.es).sort()).toEqual(Object.keys(DICTIONARY.en).sort());
    for (const lang of ["en", "es"] as const)
      for (const [key, text] of Object.entries(DICTIONARY[lang]))
        expect(text.trim(), `${lang} ${key}`).not.toBe("");
  });

  it("uses the same placeholders in both languages", () => {
    for (const [key, text] of Object.entries(DICTIONARY.en))
      expect(placeholders(DICTIONARY.es[key as keyof typeof DICTIONARY.es]), key).toEqual(placeholders(text));
  });

  it("is translated: Spanish differs from English except for names and shared words", () => {
    const same = Object.entries(DICTIONARY.en)
      .filter(([key, text]) => DICTIONARY.es[key as keyof typeof DICTIONARY.es] === text)
      .map(([key]) => key);
    expect(same.sort()).toEqual(
      [
        "app.name",
        "integrations.col.token",
        "integrations.actionsFor",
        "lead.no",
        "lead.attempts.status",
        "lead.attempts.ms",
        "source.chatbot",
        "source.api",
        "source.zapier",
        "source.fb_messenger",
        "source.whatsapp",
      ].sort(),
    );
  });

  it("fills placeholders", () => {
    expect(translator("es")("integrations.status.expires", { at: "2026-11-22 19:00" })).toBe(
      "Caduca 2026-11-22 19:00",
    );
  });
});
