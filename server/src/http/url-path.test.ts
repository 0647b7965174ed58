import { describe, expect, it } from "vitest";
import { pathOf } from "./url-path.ts";

describe("pathOf", () => {
  it("is the URL's pathname, for plain and unusual paths alike", () => {
    const paths = [
      "/",
      "/api/speed-to-lead/channel-inbound.php",
      "/api/speed-to-lead/channel-inbound.php?a=1#x",
      "/console/sign-in/abc_DEF-123",
      "/a/./b",
      "/a/../b",
      "/a/.",
      "/a/..",
      "/a/.hidden",
      "/a..b/c.",
      "/%2e/metrics",
      "/%2E%2E/x",
      "/a//b",
      "/a b",
      "/é",
      "/a\\b",
      "/healthz#frag",
      "/x?y=/../z",
    ];
    for (const path of paths) {
      const url = `http://localhost:3000${path}`;
      expect(pathOf(url), path).toBe(new URL(url).pathname);
    }
  });
});
