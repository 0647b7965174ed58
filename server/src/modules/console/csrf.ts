// CSRF: a token derived from the browser's cookie secret (session, or pre-session on sign-in pages), sent back in
// every form as _csrf (or the X-CSRF-Token header), plus a matching Origin when the browser sends one.
import { hashSecret, sameSecret } from "../owners/secret.ts";

export const CSRF_FIELD = "_csrf";

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
  if (origin !== null && origin !== expectedOrigin) return false;
  const sent = form.get(CSRF_FIELD) ?? request.headers.get("x-csrf-token") ?? "";
  return sameSecret(sent, csrfTokenFor(cookieSecret));
}
