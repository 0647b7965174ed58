// CSRF: a token derived from the browser's cookie secret (session, or pre-session on sign-in pages), sent back in
// every form as _csrf (or the X-CSRF-Token header), plus a matching Origin when the browser sends one.
import { hashSecret, sameSecret } from "../../core/accounts/secret.ts";

const CSRF_FIELD = "_csrf";

/** Derived, not stored: only the holder of the cookie can compute it, and it ends with the session. */
export const csrfTokenFor = (cookieSecret: string) => hashSecret(`csrf:${cookieSecret}`);

export function csrfAccepted(
  request: Request,
  form: URLSearchParams,
  cookieSecret: string | undefined,
  expectedOrigin: string,
): boolean {
  if (!cookieSecret) return false;
  const origin = request.headers.get("origin");
  if (origin !== null && !sameHost(origin, expectedOrigin)) return false;
  const sent = form.get(CSRF_FIELD) ?? request.headers.get("x-csrf-token") ?? "";
  return sameSecret(sent, csrfTokenFor(cookieSecret));
}

/**
 * The host (and port) decides, not the scheme: behind a TLS proxy without TRUST_PROXY the server sees
 * http while the browser says https, and another site never has our host.
 */
function sameHost(origin: string, expected: string): boolean {
  try {
    return new URL(origin).host === new URL(expected).host;
  } catch {
    return false;
  }
}
