// Reads the Cookie header and writes Set-Cookie values for the console's cookies. Over HTTPS (the request's scheme,
// or a PUBLIC_URL of https behind a proxy that terminates TLS) the console's own cookies carry the `__Host-` prefix:
// Secure, Path=/ and no Domain, so a sibling subdomain can neither set nor shadow them.

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

/** What naming and flagging a cookie needs of a request: its headers, and whether cookies are secure. */
export interface CookieContext {
  request: Request;
  /** The browser reaches the console over HTTPS: cookies get Secure and the `__Host-` prefix. */
  secureCookies: boolean;
}

/** @example cookieName({ secureCookies: true, … }, "stl_session") // "__Host-stl_session" */
const cookieName = (ctx: CookieContext, base: string) => (ctx.secureCookies ? `__Host-${base}` : base);

/** The cookie of this name as this request's scheme names it (a plain one is ignored over HTTPS). */
export const readCookie = (ctx: CookieContext, base: string): string | undefined =>
  parseCookies(ctx.request.headers.get("cookie"))[cookieName(ctx, base)];

/** Set-Cookie for the console's cookie `base`, named and flagged for this request's scheme. */
export const writeCookie = (
  ctx: CookieContext,
  base: string,
  value: string,
  options: Omit<CookieOptions, "secure"> = {},
): string => setCookie(cookieName(ctx, base), value, { ...options, secure: ctx.secureCookies });
