// The networks a client address is limited by: one host is one IPv4 address but a whole IPv6 /64 (a subscriber
// usually gets at least that), and a wider network (IPv4 /24, IPv6 /48) as a second key, so that rotating through
// the addresses one holder owns never multiplies an allowance.
import { isIPv4, isIPv6 } from "node:net";

export interface AddressNetworks {
  /** IPv4 /32 or IPv6 /64: one client. */
  own: string;
  /** IPv4 /24 or IPv6 /48: one holder's block. */
  wide: string;
}

/** The eight 16-bit groups of an IPv6 address, as numbers (an embedded IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((group) => Number.parseInt(group, 16));
}

const hex = (groups: number[]) => groups.map((group) => group.toString(16)).join(":");

/**
 * @example addressNetworks("203.0.113.7") // { own: "203.0.113.7/32", wide: "203.0.113.0/24" }
 * @example addressNetworks("2001:db8:1:2:3:4:5:6") // { own: "2001:db8:1:2::/64", wide: "2001:db8:1::/48" }
 */
export function addressNetworks(address: string): AddressNetworks {
  if (isIPv4(address)) {
    return { own: `${address}/32`, wide: `${address.split(".").slice(0, 3).join(".")}.0/24` };
  }
  if (isIPv6(address)) {
    const groups = ipv6Groups(address);
    // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address.
    if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
      const v4 = [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
      return addressNetworks(v4);
    }
    return { own: `${hex(groups.slice(0, 4))}::/64`, wide: `${hex(groups.slice(0, 3))}::/48` };
  }
  return { own: address, wide: address };
}
