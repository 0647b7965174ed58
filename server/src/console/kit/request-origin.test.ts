import { describe, expect, it } from "vitest";
import { rememberPeerAddress } from "../../http/client-address.ts";
import { requestOrigin } from "./request-origin.ts";

const request = (headers: Record<string, string>, peer?: string) => {
  const made = new Request("http://leads.example.com/console/sign-in", { headers });
  rememberPeerAddress(made, peer);
  return made;
};

describe("where a console request came from", () => {
  it("is the TCP peer the listener saw, and X-Forwarded-* count for nothing without TRUST_PROXY", () => {
    const origin = requestOrigin(
      request({ "x-forwarded-for": "10.0.0.1", "x-forwarded-proto": "https" }, "127.0.0.2"),
      false,
    );
    expect(origin).toEqual({ https: false, origin: "http://leads.example.com", clientAddress: "127.0.0.2" });
  });

  it("behind TRUST_PROXY takes the entries the proxy added (the last ones), never the client's own", () => {
    const origin = requestOrigin(
      request({ "x-forwarded-for": "6.6.6.6, 198.51.100.7", "x-forwarded-proto": "http, https" }, "10.0.0.9"),
      true,
    );
    expect(origin).toEqual({
      https: true,
      origin: "https://leads.example.com",
      clientAddress: "198.51.100.7",
    });
  });

  it("says unknown only for a request no listener saw (app.handle in tests)", () => {
    expect(requestOrigin(request({}), false).clientAddress).toBe("unknown");
  });
});
