// The names of the fields the API ignored, as a lead keeps them for its page: bounded in count and length, storable.

import { IGNORED_FIELD_NAME_MAX, IGNORED_FIELDS_KEPT } from "@speed-to-lead/spec";

/** PostgreSQL text cannot hold NUL, nor a lone UTF-16 surrogate: each becomes U+FFFD. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Cut by code points, never through a surrogate pair. */
const storableName = (name: string) =>
  Array.from(name.replace(UNSTORABLE, "\ufffd")).slice(0, IGNORED_FIELD_NAME_MAX).join("");

/**
 * The names a lead keeps: those it kept already, then the new ones, each once, storable, capped (a sender may send
 * thousands). Null when there are none: most leads have none, and a null costs the row no bytes.
 *
 * @example keptIgnoredFields(["utm_source"], ["utm_source", "crm_stage"]) // ["utm_source", "crm_stage"]
 * @example keptIgnoredFields(null, []) // null
 */
export function keptIgnoredFields(
  kept: readonly string[] | null,
  seen: readonly string[] = [],
): string[] | null {
  const names = new Set<string>();
  for (const name of [...(kept ?? []), ...seen]) {
    if (names.size === IGNORED_FIELDS_KEPT) break;
    names.add(storableName(name));
  }
  return names.size === 0 ? null : [...names];
}
