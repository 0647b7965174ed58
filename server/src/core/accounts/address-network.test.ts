// Client addresses to the networks they are limited by: IPv4 /32 and /24, IPv6 /64 and /48.
import { describe, expect, it } from "vitest";
import { addressNetworks } from "./address-network.ts";

describe("addressNetworks", () => {
  it("keys IPv4 by the address, and its /24 second", () => {
    expect(addressNetworks("203.0.113.7")).toEqual({ own: "203.0.113.7/32", wide: "203.0.113.0/24" });
    expect(addressNetworks("::ffff:203.0.113.7")).toEqual({ own: "203.0.113.7/32", wide: "203.0.113.0/24" });
  });

  it("keys IPv6 by its /64 and its /48, however the address is written", () => {
    const spellings = [
      "2001:db8:1:2:3:4:5:6",
      "2001:0DB8:0001:0002:ffff::1",
      "2001:db8:1:2::",
      "2001:db8:1:2::1.2.3.4",
    ];
    for (const address of spellings)
      expect(addressNetworks(address), address).toEqual({
        own: "2001:db8:1:2::/64",
        wide: "2001:db8:1::/48",
      });
    expect(addressNetworks("2001:db8:1:3::1").own).toBe("2001:db8:1:3::/64");
    expect(addressNetworks("::1")).toEqual({ own: "0:0:0:0::/64", wide: "0:0:0::/48" });
  });

  it("leaves anything else as it is (no peer in app.handle)", () => {
    expect(addressNetworks("unknown")).toEqual({ own: "unknown", wide: "unknown" });
  });
});
