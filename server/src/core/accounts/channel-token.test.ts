import { describe, expect, it } from "vitest";
import {
  effectiveScope,
  generateChannelToken,
  hasTokenShape,
  isTokenScope,
  scopeAllows,
  tokenHint,
} from "./channel-token.ts";
import { hashSecret, sameSecret } from "./secret.ts";

describe("channel tokens", () => {
  it("are a prefix that says the scope and 32 random bytes in base64url, different every time", () => {
    const token = generateChannelToken("read");
    expect(token).toMatch(/^stl_ch_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice(7), "base64url")).toHaveLength(32);
    expect(generateChannelToken("read")).not.toBe(token);
    const intake = generateChannelToken("intake");
    expect(intake).toMatch(/^stl_pk_[A-Za-z0-9_-]{43}$/);
    for (const shaped of [token, intake]) expect(hasTokenShape(shaped)).toBe(true);
    expect(hasTokenShape("stl_ch_short")).toBe(false);
    expect(hasTokenShape("stl_pk_short")).toBe(false);
    expect(hasTokenShape(`sk_live_${token.slice(7)}`)).toBe(false);
    expect(hasTokenShape(`stl_xx_${token.slice(7)}`)).toBe(false);
  });

  it("are stored as SHA-256 hex, compared in constant time", () => {
    const token = generateChannelToken("read");
    const hash = hashSecret(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(new Bun.CryptoHasher("sha256").update(token).digest("hex"));
    expect(sameSecret(hash, hashSecret(token))).toBe(true);
    expect(sameSecret(hash, hashSecret(generateChannelToken("read")))).toBe(false);
    expect(sameSecret(hash, "short")).toBe(false);
    // One character off, at either end or in the middle.
    for (const at of [0, 31, 63]) {
      const other = `${hash.slice(0, at)}${hash[at] === "0" ? "1" : "0"}${hash.slice(at + 1)}`;
      expect(sameSecret(hash, other)).toBe(false);
    }
    expect(tokenHint(token)).toBe(token.slice(-4));
  });

  it("a stl_pk_ token is intake-only whatever its row says; read covers intake, not the reverse", () => {
    const intake = generateChannelToken("intake");
    const read = generateChannelToken("read");
    expect(effectiveScope(intake, "read")).toBe("intake");
    expect(effectiveScope(intake, "intake")).toBe("intake");
    expect(effectiveScope(read, "read")).toBe("read");
    expect(effectiveScope(read, "intake")).toBe("intake");
    expect([scopeAllows("read", "read"), scopeAllows("read", "intake")]).toEqual([true, true]);
    expect([scopeAllows("intake", "intake"), scopeAllows("intake", "read")]).toEqual([true, false]);
    expect(["intake", "read", "write", ""].map(isTokenScope)).toEqual([true, true, false, false]);
  });
});
