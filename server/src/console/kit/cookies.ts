// Reads the Cookie header and writes Set-Cookie values for the console's cookies.

/** @example parseCookies("a=1; stl_lang=es") // { a: "1", stl_lang: "es" } */
export function parseCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 1) continue;
    const name = part.slice(0, at).trim();
    // The first one wins, as browsers send the most specific path first.
    if (!(name in cookies)) cookies[name] = part.slice(at + 1).trim();
  }
  return cookies;
}

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie; absent: a session cookie. */
  maxAge?: number;
  secure: boolean;
  httpOnly?: boolean;
}

/** Always Path=/ and SameSite=Lax; values are our own base64url or fixed words, never user text. */
export function setCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, "Path=/", "SameSite=Lax"];
  if (options.httpOnly !== false) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  return parts.join("; ");
}
