// Makes the Spanish document: the English one with every human text (title, summary, description) translated.

import { PROBLEM_CODES } from "./problem-codes.ts";
import { declaredTexts, type TextId } from "./text.ts";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Keys whose string values are prose for people; everything else is contract and stays as is. */
const HUMAN_TEXT_KEYS = new Set(["title", "summary", "description"]);

/**
 * Returns a copy of an OpenAPI document with every human text passed through `replace`.
 * Example payloads (an Example object's `value`) are data, not prose, and stay as they are.
 */
export function mapHumanText(node: Json, replace: (text: string, path: string) => string, path = ""): Json {
  if (Array.isArray(node)) return node.map((item, index) => mapHumanText(item, replace, `${path}/${index}`));
  if (node === null || typeof node !== "object") return node;
  const parentKey = path.slice(path.lastIndexOf("/") + 1);
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    const here = `${path}/${key}`;
    if (HUMAN_TEXT_KEYS.has(key) && typeof value === "string") out[key] = replace(value, here);
    else if (key === "value" && parentKey !== "properties") out[key] = value;
    else out[key] = mapHumanText(value, replace, here);
  }
  return out;
}

/** The problem codes' titles and descriptions as document texts: English to Spanish, from their table. */
const problemTexts: Record<string, string> = Object.fromEntries(
  Object.values(PROBLEM_CODES).flatMap(({ title, when }) => [
    [title.en, title.es],
    [when.en, when.es],
  ]),
);

/** The declared texts as document texts: English to Spanish, through their ids; two ids may share English only with one Spanish. */
function declaredProse(spanish: Record<TextId, string>): Record<string, string> {
  const prose: Record<string, string> = {};
  for (const [id, english] of declaredTexts) {
    const earlier = prose[english];
    if (earlier !== undefined && earlier !== spanish[id])
      throw new Error(`${id} repeats another text's English with other Spanish`);
    prose[english] = spanish[id];
  }
  return prose;
}

/** Translates through the problem texts and the declared texts' Spanish; lists the texts it has no translation for. */
export function translateDocument(
  document: Json,
  spanish: Record<TextId, string>,
): { document: Json; missing: string[] } {
  const dictionary = { ...problemTexts, ...declaredProse(spanish) };
  const missing = new Set<string>();
  const translated = mapHumanText(document, (text) => {
    const spanishText = dictionary[text];
    if (spanishText === undefined) missing.add(text);
    return spanishText ?? text;
  });
  return { document: translated, missing: [...missing] };
}
