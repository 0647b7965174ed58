// One client per IPv4 address and per IPv6 /64, whatever way the address is written.
import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-address.ts";

describe("clientNetwork", () => {
  it("keeps an IPv4 address whole, mapped or not", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("127.0.0.2")).not.toBe(clientNetwork("127.0.0.3"));
  });

  it("cuts an IPv6 address to its /64, compressed or not", () => {
    expect(clientNetwork("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:0db8:0001:0002:ffff:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientNetwork("2001:db8:1:3::1")).not.toBe(clientNetwork("2001:db8:1:2::1"));
  });
});
