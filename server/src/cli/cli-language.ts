// The command line's language: --lang, else STL_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG, as gettext reads them).
import type { Language } from "@speed-to-lead/spec";

const isLanguage = (value: string | undefined): value is Language => value === "en" || value === "es";

/**
 * The locale names Spanish when its language part is "es" (es_MX.UTF-8, es, es-419); "C", "POSIX" and
 * any other language are English. The first locale variable set wins, as in gettext.
 */
function localeLanguage(env: Record<string, string | undefined>): Language {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value);
  return locale && /^es([_.@-]|$)/i.test(locale) ? "es" : "en";
}

/**
 * Read before the arguments are parsed, so a mistake in them is already said in the chosen language.
 * `invalid` is set when --lang is given without en or es (the caller refuses it, in the fallback language).
 *
 * @example cliLanguage(["holds", "list", "--lang=es"], {}) // { lang: "es", invalid: false }
 * @example cliLanguage(["holds", "list"], { LANG: "es_MX.UTF-8" }) // { lang: "es", invalid: false }
 */
export function cliLanguage(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): { lang: Language; invalid: boolean } {
  const fallback = isLanguage(env.STL_LANG) ? env.STL_LANG : localeLanguage(env);
  const at = argv.findIndex((arg) => arg === "--lang" || arg.startsWith("--lang="));
  if (at < 0) return { lang: fallback, invalid: false };
  const given = argv[at] === "--lang" ? argv[at + 1] : argv[at]!.slice("--lang=".length);
  return isLanguage(given) ? { lang: given, invalid: false } : { lang: fallback, invalid: true };
}
