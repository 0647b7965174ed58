// Reads a form post ourselves (urlencoded, or multipart for a file upload): any body becomes fields, never a 500.
import { readCappedBody } from "../../http/request-body.ts";

/** Larger bodies are not forms of ours: read as empty, so every field is "missing". */
const MAX_FORM_BYTES = 16 * 1024;
/** An uploaded file (a do-not-call CSV) may be larger, up to this. */
const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** Past this a multipart body is not read at all (its CSRF token with it: the post is refused). */
const MAX_MULTIPART_BYTES = 4 * MAX_UPLOAD_BYTES;
/** Names the file fields that were too large: their value is "", so the page can say why. */
export const OVERSIZE_FIELD = "_oversize";

/** A multipart form's fields; an uploaded file's field holds the file's text. */
async function readMultipart(body: Response): Promise<URLSearchParams> {
  const form = new URLSearchParams();
  for (const [name, value] of await body.formData()) {
    if (typeof value === "string") form.append(name, value);
    else if (value.size <= MAX_UPLOAD_BYTES) form.append(name, await value.text());
    else {
      form.append(OVERSIZE_FIELD, name);
      form.append(name, "");
    }
  }
  return form;
}

/**
 * `upload`: the route takes a file (multipart); every other form is urlencoded only.
 * Reading stops at the limit whether or not Content-Length was sent (a chunked body is counted as it
 * arrives), so no post, signed in or not, makes the server hold more than the limit in memory.
 */
export async function readForm(
  request: Request,
  { upload = false }: { upload?: boolean } = {},
): Promise<URLSearchParams> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.toLowerCase().startsWith("multipart/form-data")) {
      // Only a route that takes a file reads multipart; elsewhere it is no form of ours (its CSRF token unread).
      if (!upload) return new URLSearchParams();
      const bytes = await readCappedBody(request, MAX_MULTIPART_BYTES);
      if (!bytes) return new URLSearchParams();
      return await readMultipart(
        new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), { headers: { "content-type": type } }),
      );
    }
    if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) return new URLSearchParams();
    const bytes = await readCappedBody(request, MAX_FORM_BYTES);
    return new URLSearchParams(bytes ? new TextDecoder().decode(bytes) : "");
  } catch {
    return new URLSearchParams();
  }
}

/** Why a pre-session form was not read: the page says so (415 or 413), never a 5xx. */
export type PreSessionForm = { ok: true; form: URLSearchParams } | { ok: false; status: 413 | 415 };

const URLENCODED = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/**
 * Forms posted before sign-in (sign-in, set-password): urlencoded only, at most 16 KiB, read whole or
 * not at all. Multipart is for files, which only a signed-in owner uploads.
 *
 * @example const read = await readPreSessionForm(request); if (!read.ok) return refusedFormPage(ctx, read.status);
 */
export async function readPreSessionForm(request: Request): Promise<PreSessionForm> {
  if (!URLENCODED.test(request.headers.get("content-type") ?? "")) return { ok: false, status: 415 };
  try {
    const bytes = await readCappedBody(request, MAX_FORM_BYTES);
    if (!bytes) return { ok: false, status: 413 };
    return { ok: true, form: new URLSearchParams(new TextDecoder().decode(bytes)) };
  } catch {
    // A body cut off midway: nothing to read, and the client is gone.
    return { ok: true, form: new URLSearchParams() };
  }
}

/** A field's value, trimmed; "" when absent. */
export const field = (form: URLSearchParams, name: string) => (form.get(name) ?? "").trim();
