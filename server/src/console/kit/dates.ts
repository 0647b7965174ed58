// A moment as the server writes it: in the page's language, in UTC (the server does not know the browser's zone;
// console.js rewrites <time> elements in it, see local-time.tsx), and in the CSV.
import type { Language } from "../../http/language.ts";

const formats = {
  en: new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }),
  es: new Intl.DateTimeFormat("es-ES", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }),
};

/** @example shownTime(new Date("2026-11-22T18:00:00Z"), "en") // "Nov 22, 2026, 6:00 PM UTC" */
export const shownTime = (at: Date | string, lang: Language) => `${formats[lang].format(new Date(at))} UTC`;
