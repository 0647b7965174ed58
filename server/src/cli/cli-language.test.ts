import { describe, expect, it } from "vitest";
import { cliLanguage } from "./cli-language.ts";

describe("the command line's language", () => {
  it("takes --lang first, in both spellings", () => {
    expect(cliLanguage(["holds", "list", "--lang", "es"], { STL_LANG: "en", LANG: "en_US" })).toEqual({
      lang: "es",
      invalid: false,
    });
    expect(cliLanguage(["--lang=en", "holds", "list"], { STL_LANG: "es" }).lang).toBe("en");
  });

  it("then STL_LANG, then the locale as gettext reads it (LC_ALL, LC_MESSAGES, LANG)", () => {
    expect(cliLanguage([], { STL_LANG: "es", LANG: "en_US.UTF-8" }).lang).toBe("es");
    expect(cliLanguage([], { STL_LANG: "fr", LANG: "es_ES.UTF-8" }).lang).toBe("es");
    expect(cliLanguage([], { LANG: "es_MX.UTF-8" }).lang).toBe("es");
    expect(cliLanguage([], { LANG: "es" }).lang).toBe("es");
    expect(cliLanguage([], { LC_ALL: "en_GB.UTF-8", LANG: "es_ES.UTF-8" }).lang).toBe("en");
    expect(cliLanguage([], { LC_MESSAGES: "es_AR.UTF-8", LANG: "en_US.UTF-8" }).lang).toBe("es");
    expect(cliLanguage([], { LC_ALL: "", LANG: "es_CO" }).lang).toBe("es");
  });

  it("is English for C, POSIX, other languages and no locale; estonian (et) and esperanto-like names are not Spanish", () => {
    for (const LANG of ["C", "C.UTF-8", "POSIX", "fr_FR.UTF-8", "et_EE.UTF-8", "est", ""])
      expect(cliLanguage([], { LANG }).lang, LANG).toBe("en");
    expect(cliLanguage([], {}).lang).toBe("en");
  });

  it("marks --lang without en or es as invalid and falls back for the message", () => {
    expect(cliLanguage(["--lang", "fr"], { STL_LANG: "es" })).toEqual({ lang: "es", invalid: true });
    expect(cliLanguage(["--lang"], {})).toEqual({ lang: "en", invalid: true });
  });
});
