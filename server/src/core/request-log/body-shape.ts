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

/** Characters (code points, as a reader counts them): a string's UTF-16 length less its low surrogates. */
const charactersOf = (value: string): number => {
  let characters = value.length;
  for (let i = 0; i < value.length; i++) if ((value.charCodeAt(i) & 0xfc00) === 0xdc00) characters--;
  return characters;
};

const lengthOf = (value: unknown): number | undefined => {
  if (typeof value === "string") return charactersOf(value);
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

/** Visits each field of a body's shape in order, within MAX_SHAPE_FIELDS and MAX_DEPTH; a non-object has none. */
function walkShape(
  body: unknown,
  visit: (pointer: string, kind: FieldShape["kind"], length?: number) => void,
) {
  let fields = 0;
  const walk = (value: Record<string, unknown>, prefix: string, depth: number) => {
    for (const name in value) {
      if (fields >= MAX_SHAPE_FIELDS) return;
      if (!Object.hasOwn(value, name)) continue;
      fields++;
      const field = value[name];
      const pointer = `${prefix}/${PLAIN_NAME.test(name) ? name : HIDDEN_NAME}`;
      const kind = kindOf(field);
      visit(pointer, kind, lengthOf(field));
      if (kind === "object" && depth < MAX_DEPTH) walk(field as Record<string, unknown>, pointer, depth + 1);
    }
  };
  if (body !== null && typeof body === "object" && !Array.isArray(body))
    walk(body as Record<string, unknown>, "", 1);
}

/**
 * @example bodyShape({ phone: "+14155552671", consent: { captured_at: "2026-11-28T10:00:00Z" } })
 * // [{ pointer: "/phone", kind: "string", length: 12 }, { pointer: "/consent", kind: "object", length: 1 },
 * //  { pointer: "/consent/captured_at", kind: "string", length: 20 }]
 */
export function bodyShape(body: unknown): FieldShape[] {
  const fields: FieldShape[] = [];
  walkShape(body, (pointer, kind, length) =>
    fields.push(length === undefined ? { pointer, kind } : { pointer, kind, length }),
  );
  return fields;
}

// The stored form: one `pointer:kind[length]` per field, space-separated, a letter per kind. A pointer's segments
// are plain names, `*` or indexes, so neither a space nor a colon occurs in one. About a fifth of the JSON's size.
const KIND_LETTER: Record<FieldShape["kind"], string> = {
  string: "s",
  number: "n",
  boolean: "b",
  null: "z",
  object: "o",
  array: "a",
};
const LETTER_KIND = Object.fromEntries(
  Object.entries(KIND_LETTER).map(([kind, letter]) => [letter, kind as FieldShape["kind"]]),
);

/**
 * A body's shape as the log stores it, built in one pass (no object per field).
 *
 * @example shapeText({ phone: "+14155552671", test: true }) // "/phone:s12 /test:b"
 */
export function shapeText(body: unknown): string {
  let text = "";
  walkShape(body, (pointer, kind, length) => {
    text += `${text === "" ? "" : " "}${pointer}:${KIND_LETTER[kind]}${length ?? ""}`;
  });
  return text;
}

/**
 * @example parseShapeText("/phone:s12 /test:b") // [{ pointer: "/phone", kind: "string", length: 12 }, { pointer: "/test", kind: "boolean" }]
 */
export function parseShapeText(text: string): FieldShape[] {
  if (text === "") return [];
  return text.split(" ").map((field) => {
    const colon = field.lastIndexOf(":");
    const kind = LETTER_KIND[field[colon + 1] ?? ""] ?? "null";
    const digits = field.slice(colon + 2);
    const pointer = field.slice(0, colon);
    return digits === "" ? { pointer, kind } : { pointer, kind, length: Number(digits) };
  });
}
