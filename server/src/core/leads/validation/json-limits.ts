// Limits on submitted JSON that JSON Schema does not state but storage needs, checked without recursion.

/** Deepest nesting of objects and arrays a field may have: real context is a few levels deep. */
export const MAX_NESTING_DEPTH = 32;

/** PostgreSQL text and jsonb cannot hold NUL, nor a lone UTF-16 surrogate. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface JsonShape {
  /** 0 for a scalar, 1 for a flat object or array; stops counting past MAX_NESTING_DEPTH + 1. */
  depth: number;
  /** A string or a key holds a character PostgreSQL cannot store. */
  unstorable: boolean;
}

/**
 * @example inspectJson({ a: [1, { b: "x" }] }) // { depth: 3, unstorable: false }
 * @example inspectJson("a\u0000b")            // { depth: 0, unstorable: true }
 */
export function inspectJson(value: unknown): JsonShape {
  let depth = 0;
  let unstorable = false;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, level] = stack.pop()!;
    if (typeof node === "string") {
      if (!unstorable && UNSTORABLE.test(node)) unstorable = true;
      continue;
    }
    if (node === null || typeof node !== "object") continue;
    depth = Math.max(depth, level + 1);
    if (depth > MAX_NESTING_DEPTH) return { depth, unstorable };
    if (Array.isArray(node)) {
      for (const child of node) stack.push([child, level + 1]);
    } else {
      for (const [key, child] of Object.entries(node)) {
        if (!unstorable && UNSTORABLE.test(key)) unstorable = true;
        stack.push([child, level + 1]);
      }
    }
  }
  return { depth, unstorable };
}
