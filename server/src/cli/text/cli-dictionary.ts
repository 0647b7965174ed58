// Every string the command line prints, in English and Spanish: the concepts' dictionaries joined, keyed "tokens.…".
import type { Language } from "@speed-to-lead/spec";
import { fillTemplate } from "../../message-template.ts";
import { ACCOUNT_TEXT } from "./account-text.ts";
import { COMMON_TEXT } from "./common-text.ts";
import { DNC_TEXT } from "./dnc-text.ts";
import { EVIDENCE_TEXT } from "./evidence-text.ts";
import { HOLD_TEXT } from "./hold-text.ts";
import { OWNER_TEXT } from "./owner-text.ts";
import { TOKEN_TEXT } from "./token-text.ts";
import { USAGE_TEXT } from "./usage-text.ts";

const CONCEPTS = [
  USAGE_TEXT,
  COMMON_TEXT,
  TOKEN_TEXT,
  OWNER_TEXT,
  DNC_TEXT,
  HOLD_TEXT,
  ACCOUNT_TEXT,
  EVIDENCE_TEXT,
] as const;

type Concept = (typeof CONCEPTS)[number];
/** Every key of every concept's English (each concept's Spanish is checked against it where it is written). */
export type CliKey = Concept extends infer C ? (C extends { en: infer E } ? keyof E : never) : never;

const join = (lang: Language) =>
  Object.assign({}, ...CONCEPTS.map((concept) => concept[lang])) as Record<CliKey, string>;

export const CLI_DICTIONARY: Record<Language, Record<CliKey, string>> = { en: join("en"), es: join("es") };

/** The concepts as written, for the test that each English text is said once across them. */
export const CLI_CONCEPTS: readonly { en: Record<string, string>; es: Record<string, string> }[] = CONCEPTS;

export type CliTranslate = (key: CliKey, params?: Record<string, string | number>) => string;

/**
 * Plain text: main.ts makes every printed line safe for a terminal (params may hold stored names).
 *
 * @example cliTranslator("es")("holds.unknown", { id: "7" }) // "No hay ninguna suspensión vigente 7."
 */
export function cliTranslator(lang: Language): CliTranslate {
  const strings = CLI_DICTIONARY[lang];
  return (key, params) => fillTemplate(strings[key], params);
}
