// Console responses: HTML pages with the security headers, redirects that htmx follows too.

import type { RequestState } from "../../http/request-state.ts";
import type { HeaderMap } from "../../http/respond.ts";
import { textResponse } from "../../http/respond.ts";
import { PAGE_SECURITY_HEADERS } from "./security-headers.ts";

export interface PageOptions {
  status?: number;
  headers?: HeaderMap;
  /** Extra Set-Cookie values. */
  cookies?: string[];
}

/** Requests of a console served over HTTPS (PUBLIC_URL https): their answers carry HSTS. */
const overHttps = new WeakSet<RequestState>();

/** Two years, subdomains included: once the browser saw the console over HTTPS, it never tries plain HTTP. */
const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** Called for each console request when PUBLIC_URL is https. */
export function servedOverHttps(state: RequestState): void {
  overHttps.add(state);
}

function withCookies(state: RequestState, response: Response, cookies: string[] = []): Response {
  for (const cookie of cookies) response.headers.append("set-cookie", cookie);
  if (overHttps.has(state)) response.headers.set("strict-transport-security", STRICT_TRANSPORT_SECURITY);
  return response;
}

export function htmlPage(state: RequestState, html: string, options: PageOptions = {}): Response {
  const response = textResponse(state, options.status ?? 200, html, "text/html; charset=utf-8", {
    ...PAGE_SECURITY_HEADERS,
    "content-language": state.language,
    vary: "Cookie, Accept-Language, HX-Request",
    ...options.headers,
  });
  return withCookies(state, response, options.cookies);
}

/** 303 to a path of ours; an htmx request gets HX-Redirect instead, so the whole page changes. */
export function redirectTo(
  state: RequestState,
  request: Request,
  path: string,
  cookies?: string[],
): Response {
  const htmx = request.headers.get("hx-request") === "true";
  const response = textResponse(state, htmx ? 200 : 303, null, "text/plain", {
    ...PAGE_SECURITY_HEADERS,
    ...(htmx ? { "hx-redirect": path } : { location: path }),
  });
  return withCookies(state, response, cookies);
}

export const isHtmx = (request: Request) => request.headers.get("hx-request") === "true";
