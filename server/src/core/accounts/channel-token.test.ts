import { describe, expect, it } from "vitest";
import { generateChannelToken, hasTokenShape, tokenHint } from "./channel-token.ts";
import { hashSecret, sameSecret } from "./secret.ts";

describe("channel tokens", () => {
  it("are stl_ch_ and 32 random bytes in base64url, different every time", () => {
    const token = generateChannelToken();
    expect(token).toMatch(/^stl_ch_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice(7), "base64url")).toHaveLength(32);
    expect(generateChannelToken()).not.toBe(token);
    expect(hasTokenShape(token)).toBe(true);
    expect(hasTokenShape("stl_ch_short")).toBe(false);
    expect(hasTokenShape(`sk_live_${token.slice(7)}`)).toBe(false);
  });

  it("are stored as SHA-256 hex, compared in constant time", () => {
    const token = generateChannelToken();
    const hash = hashSecret(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(new Bun.CryptoHasher("sha256").update(token).digest("hex"));
    expect(sameSecret(hash, hashSecret(token))).toBe(true);
    expect(sameSecret(hash, hashSecret(generateChannelToken()))).toBe(false);
    expect(sameSecret(hash, "short")).toBe(false);
    // One character off, at either end or in the middle.
    for (const at of [0, 31, 63]) {
      const other = `${hash.slice(0, at)}${hash[at] === "0" ? "1" : "0"}${hash.slice(at + 1)}`;
      expect(sameSecret(hash, other)).toBe(false);
    }
    expect(tokenHint(token)).toBe(token.slice(-4));
  });
});
