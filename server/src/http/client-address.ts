// The address a request came from: the TCP peer, or with TRUST_PROXY the address the proxy in front reported.

const peers = new WeakMap<Request, string>();

/** Called by the listener for each request; requests built in tests (app.handle) have no peer. */
export function rememberPeerAddress(request: Request, address: string | undefined): void {
  if (address) peers.set(request, address);
}

/**
 * Without a trusted proxy, the TCP peer. Behind one (TRUST_PROXY=true), the LAST X-Forwarded-For entry:
 * the one the proxy appended itself; earlier entries are whatever the client chose to send.
 *
 * @example clientAddress(request, false) // "203.0.113.7"
 */
export function clientAddress(request: Request, trustProxy: boolean): string | undefined {
  const peer = peers.get(request);
  if (!trustProxy) return peer;
  return addedByProxy(request, "x-forwarded-for") || peer;
}

/**
 * The last entry of a comma-separated X-Forwarded-* header: the one the trusted proxy added. The API, the
 * console and its cookies all read forwarded headers through this one rule.
 *
 * @example addedByProxy(request, "x-forwarded-proto") // "https"
 */
export function addedByProxy(request: Request, header: `x-forwarded-${string}`): string | undefined {
  return request.headers.get(header)?.split(",").at(-1)?.trim() || undefined;
}
