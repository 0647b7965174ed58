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

function withCookies(response: Response, cookies: string[] = []): Response {
  for (const cookie of cookies) response.headers.append("set-cookie", cookie);
  return response;
}

export function htmlPage(state: RequestState, html: string, options: PageOptions = {}): Response {
  const response = textResponse(state, options.status ?? 200, html, "text/html; charset=utf-8", {
    ...PAGE_SECURITY_HEADERS,
    "content-language": state.language,
    vary: "Cookie, Accept-Language, HX-Request",
    ...options.headers,
  });
  return withCookies(response, options.cookies);
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
  return withCookies(response, cookies);
}

export const isHtmx = (request: Request) => request.headers.get("hx-request") === "true";
