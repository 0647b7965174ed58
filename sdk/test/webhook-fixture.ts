// What the webhook tests share: a secret and an earlier one (a rotation), a clock, a status callback, the key bytes.

/** A signing secret as the service hands it out: whsec_ and base64 of 32 bytes. */
export const secret = `whsec_${btoa("0123456789abcdef0123456789abcdef")}`;
/** The secret before a roll. */
export const previous = `whsec_${btoa("fedcba9876543210fedcba9876543210")}`;
/** The tests' clock. */
export const now = Date.UTC(2026, 10, 20, 20, 0, 0);
/** A status callback: lead.missed. */
export const missed = {
  type: "lead.missed",
  version: 1,
  timestamp: "2026-11-20T20:00:00Z",
  data: { lead_id: "0193f0c2-6b1e-7a52-9c1d-5e0b7d2a4f10" },
};
/** The HMAC key of a whsec_ secret. */
export const keyOf = (whsec: string) => Uint8Array.from(atob(whsec.slice(6)), (c) => c.charCodeAt(0));
