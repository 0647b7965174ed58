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

/**
 * The part of an address that names one client for rate limits: the whole IPv4 address (/32), the first
 * four groups of an IPv6 address (/64, what one subscriber usually holds). An IPv4-mapped IPv6 address
 * counts as its IPv4 address.
 *
 * @example clientNetwork("2001:db8:1:2:aaaa::1") // "2001:db8:1:2::/64"
 * @example clientNetwork("::ffff:203.0.113.7") // "203.0.113.7"
 */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail] = address.split("%")[0]!.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
