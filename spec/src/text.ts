// Names every human text of the OpenAPI document by a stable id; i18n/es.ts says each one in Spanish by that id.
import type { es } from "../i18n/es.ts";

export type TextId = keyof typeof es;

/** Every text the schemas declared: its id and its English. */
export const declaredTexts = new Map<TextId, string>();

/** Declares a human text under its stable id and returns its English, which the English document carries. */
export function text(id: TextId, english: string): string {
  const earlier = declaredTexts.get(id);
  if (earlier !== undefined && earlier !== english) throw new Error(`text id ${id} has two English texts`);
  declaredTexts.set(id, english);
  return english;
}
