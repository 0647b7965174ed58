// Cross-origin access for browser integrations: off unless CORS_ALLOWED_ORIGINS names the origins allowed.

/**
 * Request headers a browser may send: both token headers, the idempotency key, the language, the SDK's name,
 * a dry run (Dry-Run or Prefer: handling=dry-run), the SDK's retry number, a read's ETag back and a form's
 * bot-check token.
 */
const ALLOWED_HEADERS =
  "Authorization, Content-Type, X-STL-Channel-Token, Idempotency-Key, Accept-Language, X-Request-Id, X-STL-Client, Dry-Run, Prefer, X-STL-Retry-Count, If-None-Match, Bot-Check-Token";
/** Response headers the SDK reads; without this a browser hides them (replayed would always be false). */
const EXPOSED_HEADERS =
  "Idempotent-Replayed, Retry-After, X-Request-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, WWW-Authenticate, Allow, Dry-Run, ETag, Retry-After-Ms, X-Should-Retry";

export interface CorsPolicy {
  /** Headers to add to the response for this request's Origin; empty when the origin is not allowed. */
  responseHeaders(origin: string | null): Record<string, string>;
  /** The 204 answer to a preflight from an allowed origin, else undefined (the route answers as usual). */
  preflight(request: Request): Response | undefined;
}

/**
 * @param allowed "*" for any origin, or exact origins such as "https://forms.example.com".
 * @example createCorsPolicy(["https://forms.example.com"]).responseHeaders("https://forms.example.com")
 */
export function createCorsPolicy(allowed: string[]): CorsPolicy {
  const anyOrigin = allowed.includes("*");
  const origins = new Set(allowed);
  const allowOrigin = (origin: string | null): string | undefined => {
    if (!origin || allowed.length === 0) return undefined;
    if (anyOrigin) return "*";
    return origins.has(origin) ? origin : undefined;
  };
  const responseHeaders = (origin: string | null): Record<string, string> => {
    const allowedOrigin = allowOrigin(origin);
    if (!allowedOrigin) return {};
    return {
      "access-control-allow-origin": allowedOrigin,
      "access-control-expose-headers": EXPOSED_HEADERS,
      // Caches must not hand one origin's answer to another.
      ...(anyOrigin ? {} : { vary: "Origin" }),
    };
  };
  return {
    responseHeaders,
    preflight(request) {
      if (request.method !== "OPTIONS" || !request.headers.get("access-control-request-method"))
        return undefined;
      const headers = responseHeaders(request.headers.get("origin"));
      if (!headers["access-control-allow-origin"]) return undefined;
      return new Response(null, {
        status: 204,
        headers: {
          ...headers,
          "access-control-allow-methods": "POST, GET, OPTIONS",
          "access-control-allow-headers": ALLOWED_HEADERS,
          "access-control-max-age": "86400",
        },
      });
    },
  };
}
