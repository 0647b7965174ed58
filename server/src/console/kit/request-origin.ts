// Where a console request came from: its scheme, its own origin and the client's address, read by the same rule
// as the API's (http/client-address.ts): the TCP peer, or with TRUST_PROXY what the proxy in front added.
import { addedByProxy, clientAddress } from "../../http/client-address.ts";

export interface RequestOrigin {
  /** True when the browser reached us over HTTPS: cookies get Secure. */
  https: boolean;
  /** This server as the browser sees it, e.g. "https://leads.example.com": the expected Origin. */
  origin: string;
  /** The client's IP address, for the sign-in throttle; "unknown" only for requests without a peer (app.handle in tests). */
  clientAddress: string;
}

/** @example requestOrigin(request, false).clientAddress // "127.0.0.2" */
export function requestOrigin(request: Request, trustProxy: boolean): RequestOrigin {
  const url = new URL(request.url);
  const forwardedProto = trustProxy ? addedByProxy(request, "x-forwarded-proto") : undefined;
  const scheme =
    forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : url.protocol.slice(0, -1);
  const host = request.headers.get("host") ?? url.host;
  return {
    https: scheme === "https",
    origin: `${scheme}://${host}`,
    clientAddress: clientAddress(request, trustProxy) ?? "unknown",
  };
}
