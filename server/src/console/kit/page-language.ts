// The console's language: the remembered choice (cookie stl_lang) wins, else Accept-Language.
import { type Language, preferredLanguage } from "../../http/language.ts";
import { parseCookies } from "./cookies.ts";

export const LANGUAGE_COOKIE = "stl_lang";

export function pageLanguage(request: Request): Language {
  const chosen = parseCookies(request.headers.get("cookie"))[LANGUAGE_COOKIE];
  if (chosen === "en" || chosen === "es") return chosen;
  return preferredLanguage(request.headers.get("accept-language"));
}
