// The headers every console page carries: a strict CSP without inline script, no framing, no sniffing, no caching.

/**
 * style-src 'self' as well: htmx is configured (meta htmx-config) not to inject its indicator styles,
 * and no page uses a style attribute.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "referrer-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  // Pages show secrets (new tokens) and account data: never stored by the browser or a proxy.
  "cache-control": "no-store",
};
