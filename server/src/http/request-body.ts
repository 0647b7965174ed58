// Reads the request body ourselves, in the contract's order: encoding and media type (415), size (413), JSON (400).
import { MAX_BODY_BYTES } from "@speed-to-lead/spec";

export type BodyResult =
  | { ok: true; body: Record<string, unknown> }
  | {
      ok: false;
      code: "unsupported_media_type" | "unsupported_content_encoding" | "payload_too_large" | "invalid_json";
    };

/**
 * application/json, any case, with optional parameters; a charset, when given, must be UTF-8 (RFC 8259).
 *
 * @example isJsonMediaType("application/json; charset=UTF-8") // true
 */
export function isJsonMediaType(contentType: string | null): boolean {
  if (!contentType) return false;
  const [type = "", ...params] = contentType.split(";");
  if (type.trim().toLowerCase() !== "application/json") return false;
  for (const param of params) {
    const [name = "", value = ""] = param.split("=");
    if (name.trim().toLowerCase() !== "charset") continue;
    const charset = value.trim().replace(/^"|"$/g, "").toLowerCase();
    if (charset !== "utf-8" && charset !== "utf8") return false;
  }
  return true;
}

/**
 * The body's bytes, or undefined as soon as it passes `limit`: a declared length is refused unread. A request's,
 * or a foreign service's answer (bot-check.ts).
 */
export async function readCappedBody(
  request: Pick<Request, "headers" | "body" | "arrayBuffer">,
  limit = MAX_BODY_BYTES,
): Promise<Uint8Array | undefined> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) return undefined;
  if (!request.body) return new Uint8Array(0);
  // A declared length is the body's length (the HTTP layer reads no further): read it whole, no stream.
  if (declared !== null) return new Uint8Array(await request.arrayBuffer());
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** A JSON object, or undefined for invalid UTF-8, unparsable JSON, or JSON that is not an object. */
export function parseJsonObject(bytes: Uint8Array): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(decoder.decode(bytes));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Only an unencoded body: decoding would need the 64 KiB limit on the decoded size and brings
 * decompression bombs, for lead payloads of a few hundred bytes. `identity` (or an empty value) is none.
 *
 * @example isIdentityEncoding("gzip") // false
 */
function isIdentityEncoding(contentEncoding: string | null): boolean {
  if (contentEncoding === null) return true;
  return contentEncoding.split(",").every((coding) => ["", "identity"].includes(coding.trim().toLowerCase()));
}

export async function readLeadBody(request: Request): Promise<BodyResult> {
  if (!isIdentityEncoding(request.headers.get("content-encoding")))
    return { ok: false, code: "unsupported_content_encoding" };
  if (!isJsonMediaType(request.headers.get("content-type")))
    return { ok: false, code: "unsupported_media_type" };
  const bytes = await readCappedBody(request);
  if (!bytes) return { ok: false, code: "payload_too_large" };
  const body = parseJsonObject(bytes);
  return body ? { ok: true, body } : { ok: false, code: "invalid_json" };
}
