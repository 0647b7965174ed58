// Reads a form post (application/x-www-form-urlencoded) ourselves: any body becomes fields, never a 500.

/** Larger bodies are not forms of ours: read as empty, so every field is "missing". */
const MAX_FORM_BYTES = 16 * 1024;

export async function readForm(request: Request): Promise<URLSearchParams> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_FORM_BYTES) return new URLSearchParams();
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) return new URLSearchParams();
  try {
    const text = await request.text();
    return new URLSearchParams(text.length > MAX_FORM_BYTES ? "" : text);
  } catch {
    return new URLSearchParams();
  }
}

/** A field's value, trimmed; "" when absent. */
export const field = (form: URLSearchParams, name: string) => (form.get(name) ?? "").trim();
