// The evidence verifier against records signed here with a key of the test's own: what it accepts and each reason it refuses.
import { createHash, generateKeyPairSync } from "node:crypto";
import canonicalize from "canonicalize";
import { exportJWK, FlattenedSign } from "jose";
import { describe, expect, it } from "vitest";
import { verifyEvidence } from "./evidence-verify.ts";

const GENESIS = "0".repeat(64);
const { privateKey, publicKey } = generateKeyPairSync("ed25519");
const keys = { keys: [{ ...(await exportJWK(publicKey)), kid: "test-key", alg: "EdDSA", use: "sig" }] };

/** A chain of entries {seq, kind, at, data} as the service writes them: hash = SHA-256(prev + "\n" + body). */
function chain(kinds: string[]) {
  let prev = GENESIS;
  return kinds.map((kind, index) => {
    const body = JSON.stringify({ at: `2026-11-28T10:0${index}:00.000Z`, data: {}, kind, seq: index + 1 });
    const hash = createHash("sha256").update(`${prev}\n${body}`).digest("hex");
    const entry = { seq: index + 1, body, prev, hash };
    prev = hash;
    return entry;
  });
}

/** Signs the record as the service does: a detached-payload JWS over its RFC 8785 form. */
async function signed(record: Record<string, unknown>, kid = "test-key") {
  const jws = await new FlattenedSign(new TextEncoder().encode(canonicalize(record)))
    .setProtectedHeader({ alg: "EdDSA", kid })
    .sign(privateKey);
  return { ...record, signature: { protected: jws.protected, signature: jws.signature } };
}

function recordOf(log: ReturnType<typeof chain>) {
  const last = log.at(-1)!;
  return {
    type: "lead.evidence",
    version: 2,
    generated_at: "2026-11-28T11:00:00.000Z",
    as_of: { seq: last.seq, hash: last.hash, at: JSON.parse(last.body).at },
    log,
  };
}

describe("verifyEvidence", () => {
  const kinds = ["received", "handoff", "call_check", "hold", "quarantine_released"];

  it("accepts a signed record whose log chains, and says its key and as-of point", async () => {
    const record = recordOf(chain(kinds));
    expect(await verifyEvidence(JSON.stringify(await signed(record)), keys)).toEqual({
      ok: true,
      kid: "test-key",
      asOf: record.as_of,
      generatedAt: record.generated_at,
    });
  });

  it("refuses a changed record, an unknown key and text that is not a record", async () => {
    const text = JSON.stringify(await signed(recordOf(chain(kinds))));
    expect(await verifyEvidence(text.replace("call_check", "call_chekc"), keys)).toMatchObject({
      ok: false,
      code: "signature_invalid",
    });
    expect(
      await verifyEvidence(JSON.stringify(await signed(recordOf(chain(kinds)), "other")), keys),
    ).toMatchObject({ ok: false, code: "key_unknown" });
    expect(await verifyEvidence("[]", keys)).toMatchObject({ ok: false, code: "record_malformed" });
  });

  it("refuses a signed record whose log does not add up: an edited body, a body naming another seq, a wrong as_of", async () => {
    const edited = chain(kinds);
    edited[2]!.body = edited[2]!.body.replace('"data":{}', '"data":{"allowed":true}');
    expect(await verifyEvidence(await signed(recordOf(edited)), keys)).toEqual({
      ok: false,
      code: "chain_broken",
      reason: "entry 3's hash is not the hash of its content",
    });

    // Rehashed from entry 2 on, so every hash matches its text: the body still says it is entry 5.
    const renumbered = chain(kinds);
    const body = renumbered[1]!.body.replace('"seq":2', '"seq":5');
    let prev = renumbered[0]!.hash;
    for (const entry of renumbered.slice(1)) {
      if (entry.seq === 2) entry.body = body;
      entry.prev = prev;
      entry.hash = createHash("sha256").update(`${prev}\n${entry.body}`).digest("hex");
      prev = entry.hash;
    }
    expect(await verifyEvidence(await signed(recordOf(renumbered)), keys)).toMatchObject({
      code: "chain_broken",
      reason: "entry 2's body names another seq",
    });

    const record = recordOf(chain(kinds));
    const earlier = { ...record, as_of: { ...record.as_of, at: "2026-11-28T09:00:00.000Z" } };
    expect(await verifyEvidence(await signed(earlier), keys)).toMatchObject({
      code: "chain_broken",
      reason: "as_of is not the last entry of the log",
    });
    const shortened = { ...record, log: record.log.slice(0, 3) };
    expect(await verifyEvidence(await signed(shortened), keys)).toMatchObject({ code: "chain_broken" });
  });
});
