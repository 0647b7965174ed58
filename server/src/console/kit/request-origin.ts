// Where a console request came from: its scheme, its own origin and the client's address, with TRUST_PROXY deciding
// whether X-Forwarded-Proto and X-Forwarded-For count.

export interface RequestOrigin {
  /** True when the browser reached us over HTTPS: cookies get Secure. */
  https: boolean;
  /** This server as the browser sees it, e.g. "https://leads.example.com": the expected Origin. */
  origin: string;
  /** The client's IP address, for the sign-in throttle; "unknown" when the runtime gives none. */
  clientAddress: string;
}

export interface PeerInfo {
  requestIP?(request: Request): { address: string } | null;
}

/** The left-most value of a comma-separated forwarded header: what the first proxy saw. */
const firstForwarded = (value: string | null) => value?.split(",")[0]?.trim() || undefined;

export function requestOrigin(request: Request, server: PeerInfo | null, trustProxy: boolean): RequestOrigin {
  const url = new URL(request.url);
  const forwardedProto = trustProxy ? firstForwarded(request.headers.get("x-forwarded-proto")) : undefined;
  const scheme =
    forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : url.protocol.slice(0, -1);
  const host = request.headers.get("host") ?? url.host;
  const peer = server?.requestIP?.(request)?.address;
  const forwardedFor = trustProxy ? firstForwarded(request.headers.get("x-forwarded-for")) : undefined;
  return {
    https: scheme === "https",
    origin: `${scheme}://${host}`,
    clientAddress: forwardedFor ?? peer ?? "unknown",
  };
}
