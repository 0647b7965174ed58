// Whether a webhook destination is on the public internet: loopback, private, link-local, CGNAT, cloud metadata and
// other special-purpose addresses are refused, in every spelling (the URL parser normalises decimal, octal and hex
// IPv4; IPv4-mapped and -compatible IPv6 are judged as the IPv4 address they carry).
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

const special = new BlockList();
// IANA special-purpose IPv4 (RFC 6890 and successors): none is a receiver on the internet.
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, with the cloud metadata address 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  special.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback and the old IPv4-compatible form (::127.0.0.1)
  ["64:ff9b::", 96], // NAT64: reaches the IPv4 address it embeds
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16], // 6to4 embeds an IPv4 address
  ["fc00::", 7], // unique local, with AWS's metadata address fd00:ec2::254
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  special.addSubnet(network, prefix, "ipv6");

/**
 * IPv4-mapped IPv6 (::ffff:a.b.c.d, any spelling) is checked as its IPv4 address by BlockList itself.
 *
 * @example isPublicAddress("::ffff:127.0.0.1") // false
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 0) return false;
  return !special.check(bare, family === 4 ? "ipv4" : "ipv6");
}

/** Why a destination is refused: a stable code (with the host and the address at fault) and an English reason for logs. */
type DestinationRefusal =
  | { code: "not_url" | "not_http" | "credentials" }
  | { code: "unresolved"; host: string }
  | { code: "not_public"; host: string; address: string };

export type DestinationCheck =
  | { ok: true; addresses: string[] }
  | ({ ok: false; reason: string } & DestinationRefusal);

export interface DestinationOptions {
  /** CALLBACK_ALLOW_PRIVATE: local development and tests send to loopback and private receivers. */
  allowPrivate: boolean;
  /** Every address of a host name; the system resolver when absent. */
  resolve?: (hostname: string) => Promise<string[]>;
}

const systemResolve = async (hostname: string) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * An http(s) URL whose host is, or resolves only to, public addresses. Every address counts: a name with one
 * public and one private address is refused, as the connection could take either.
 *
 * @example await checkDestination("http://2130706433/hook", { allowPrivate: false }) // { ok: false, … }
 */
export async function checkDestination(url: string, options: DestinationOptions): Promise<DestinationCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, code: "not_url", reason: "not a URL" };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    return { ok: false, code: "not_http", reason: "not an http(s) URL" };
  if (parsed.username || parsed.password)
    return { ok: false, code: "credentials", reason: "credentials in the URL" };
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host) !== 0) addresses = [host];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      return { ok: false, code: "unresolved", host, reason: `${host} does not resolve` };
    }
    if (addresses.length === 0)
      return { ok: false, code: "unresolved", host, reason: `${host} does not resolve` };
  }
  if (options.allowPrivate) return { ok: true, addresses };
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused !== undefined)
    return {
      ok: false,
      code: "not_public",
      host,
      address: refused,
      reason: `${host} is not a public address (${refused}); CALLBACK_ALLOW_PRIVATE=true allows it`,
    };
  return { ok: true, addresses };
}
