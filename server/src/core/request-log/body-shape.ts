// A posted body reduced to its shape for the request log: each field's JSON pointer, kind and length, never a value.

/** One field of a posted body: where it is, what it held and how long it was (characters, items or keys). */
export interface FieldShape {
  pointer: string;
  kind: "string" | "number" | "boolean" | "null" | "object" | "array";
  length?: number;
}

/** Fields kept per body and the depth looked into: a hostile body cannot make a log row grow. */
export const MAX_SHAPE_FIELDS = 64;
const MAX_DEPTH = 3;
/**
 * A field's name is kept only when it looks like a field name: a letter or underscore, then letters, digits,
 * `_` or `-`, at most 64 in all. A name carrying a phone (`+1415…`), an email (`@`) or free text is shown
 * as `*` instead, as a sender may put anything in a key.
 */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
export const HIDDEN_NAME = "*";

const lengthOf = (value: unknown): number | undefined => {
  if (typeof value === "string") return [...value].length;
  if (typeof value === "number") return String(value).length;
  if (Array.isArray(value)) return value.length;
  if (value !== null && typeof value === "object") return Object.keys(value).length;
  return undefined;
};

const kindOf = (value: unknown): FieldShape["kind"] => {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const kind = typeof value;
  return kind === "string" || kind === "number" || kind === "boolean" || kind === "object" ? kind : "null";
};

/**
 * A pointer as the log keeps it: each segment a plain name or an array index, any other segment `*`.
 *
 * @example safePointer("/consent/captured_at") // "/consent/captured_at"
 * @example safePointer("/ana@example.com") // "/*"
 */
export function safePointer(pointer: string): string {
  if (pointer === "") return "";
  return pointer
    .split("/")
    .slice(1)
    .map((segment) =>
      PLAIN_NAME.test(segment) || /^\d{1,6}$/.test(segment) ? `/${segment}` : `/${HIDDEN_NAME}`,
    )
    .join("")
    .slice(0, 200);
}

/**
 * @example bodyShape({ phone: "+14155552671", consent: { captured_at: "2026-11-28T10:00:00Z" } })
 * // [{ pointer: "/phone", kind: "string", length: 12 }, { pointer: "/consent", kind: "object", length: 1 },
 * //  { pointer: "/consent/captured_at", kind: "string", length: 20 }]
 */
export function bodyShape(body: unknown): FieldShape[] {
  const fields: FieldShape[] = [];
  const walk = (value: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [name, field] of Object.entries(value)) {
      if (fields.length >= MAX_SHAPE_FIELDS) return;
      const pointer = `${prefix}/${PLAIN_NAME.test(name) ? name : HIDDEN_NAME}`;
      const kind = kindOf(field);
      const length = lengthOf(field);
      fields.push(length === undefined ? { pointer, kind } : { pointer, kind, length });
      if (kind === "object" && depth < MAX_DEPTH) walk(field as Record<string, unknown>, pointer, depth + 1);
    }
  };
  if (body !== null && typeof body === "object" && !Array.isArray(body))
    walk(body as Record<string, unknown>, "", 1);
  return fields;
}
