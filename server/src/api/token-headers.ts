// Which channel token a request carries: Authorization: Bearer, else X-STL-Channel-Token.

export type TokenFromHeaders =
  | { ok: true; token: string }
  | { ok: false; code: "token_missing" | "token_conflict" };

/**
 * X-STL-Channel-Token counts when Authorization is absent or not a Bearer credential (a proxy's Basic
 * auth, say). Both carrying different tokens is a conflict; the same token twice is fine.
 *
 * @example tokenFromHeaders(new Headers({ authorization: "Bearer stl_ch_…" })) // { ok: true, token: "stl_ch_…" }
 */
export function tokenFromHeaders(headers: Headers): TokenFromHeaders {
  const authorization = headers.get("authorization")?.trim() ?? "";
  const match = /^bearer(?:\s+(.*))?$/i.exec(authorization);
  const bearer = match ? (match[1]?.trim() ?? "") : "";
  const header = headers.get("x-stl-channel-token")?.trim() ?? "";
  if (bearer && header && bearer !== header) return { ok: false, code: "token_conflict" };
  const token = bearer || header;
  return token ? { ok: true, token } : { ok: false, code: "token_missing" };
}
