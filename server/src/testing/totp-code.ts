// Test helper: the RFC 6238 code an authenticator app would show (HMAC-SHA1, 30-second steps, 6 digits), computed
// with node:crypto alone, so tests check the server's otpauth-based verification against an independent reckoning.
import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Bytes(text: string): Buffer {
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** @example totpCode("JBSWY3DPEHPK3PXP", Date.now()) // "492039" */
export function totpCode(secretBase32: string, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / 30)));
  const mac = createHmac("sha1", base32Bytes(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, "0");
}

/** The key the Account page shows for manual entry. */
export const totpSecretIn = (html: string) => /<code id="totp-secret">([A-Z2-7]+)<\/code>/.exec(html)?.[1];

/** The recovery codes the page shows once. */
export const recoveryCodesIn = (html: string) =>
  [...html.matchAll(/<li><code>([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})<\/code><\/li>/g)].map(
    (match) => match[1]!,
  );
