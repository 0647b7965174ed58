// A lead's evidence record through the real app (PGlite and PostgreSQL): its contents, its Ed25519 signature checked with node:crypto alone, rotation, as-of, the keys and the console download.
import { createPublicKey, verify } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { verifyEvidence } from "@speed-to-lead/sdk/evidence";
import { EVIDENCE_KEYS_PATH, LEADS_PATH } from "@speed-to-lead/spec";
import { schemaErrors } from "@speed-to-lead/tests/harness/spec-ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { signedInOwner } from "../../testing/console-client.ts";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixtureOn,
} from "../../testing/handoff-fixture.ts";
import { createTestToken } from "../../testing/intake-requests.ts";
import { signedEventRequest } from "../../testing/signed-event.ts";
import { addToList } from "../dnc/service.ts";
import { rotateEvidenceKey } from "../evidence/evidence-keys.ts";
import { openEvidenceKey, readOrCreateKeySecret } from "../evidence/evidence-signing-key.ts";
import { signRecord } from "../evidence/record-signature.ts";

const consentEvidence = {
  trustedform_url: "https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567",
  leadid_token: "0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D",
  disclosure: "I agree that Acme Realty may call me.",
  sellers: ["Acme Realty"],
};

/** RFC 8785 for what JSON.parse gives: JavaScript's own key order (UTF-16 units) and number text. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(",")}]`
    : value !== null && typeof value === "object"
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(",")}}`
      : JSON.stringify(value);

/** A record as downloaded, checked against a JWKS with node:crypto alone: the key its header names, the signature over its canonical form. */
function verifiesWithNodeCrypto(text: string, jwks: { keys: (JsonWebKey & { kid: string })[] }): boolean {
  let record: { signature?: { protected: string; signature: string } };
  try {
    record = JSON.parse(text);
  } catch {
    return false;
  }
  const { signature, ...rest } = record;
  if (typeof signature?.protected !== "string" || typeof signature.signature !== "string") return false;
  const sig = Buffer.from(signature.signature, "base64url");
  // A base64url text with other spare bits decodes to the same bytes: only the canonical text counts.
  if (sig.toString("base64url") !== signature.signature) return false;
  let header: { alg?: string; kid?: string };
  try {
    header = JSON.parse(Buffer.from(signature.protected, "base64url").toString("utf8"));
  } catch {
    return false;
  }
  if (Buffer.from(JSON.stringify(header)).toString("base64url") !== signature.protected) return false;
  const jwk = jwks.keys.find((key) => key.kid === header.kid);
  if (header.alg !== "EdDSA" || !jwk) return false;
  const input = `${signature.protected}.${Buffer.from(canonical(rest)).toString("base64url")}`;
  return verify(null, Buffer.from(input), createPublicKey({ key: jwk, format: "jwk" }), sig);
}

describe.each(BACKENDS)("evidence record on %s", (backend) => {
  let fixture: HandoffFixture;
  let app: App;
  let leadId: string;
  let sent: ReturnType<typeof eligibleLead>;
  const folder = mkdtempSync(join(tmpdir(), "stl-evidence-"));
  const secretFile = join(folder, "pglite.evidence-secret");
  const get = (id: string, token = fixture.token, on = app) =>
    on.handle(
      new Request(`http://localhost${LEADS_PATH}/${id}/evidence`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    );
  const jwks = async (on = app) =>
    (await on.handle(new Request(`http://localhost${EVIDENCE_KEYS_PATH}`))).json();
  const event = (type: string, data: object = {}) =>
    fixture.app.handle(
      signedEventRequest(
        JSON.stringify({ type, timestamp: new Date().toISOString(), data: { lead_id: leadId, ...data } }),
        fixture.assistant.secret,
      ),
    );
  /** An app signing with the key kept in the database, as a PGlite server does. */
  const keptKeyApp = async () => {
    const { key } = await openEvidenceKey(fixture.db, { secretFile });
    return createApp({ db: fixture.db, evidenceKey: async () => key, rateLimit: { perSecond: 0, burst: 0 } });
  };

  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
    app = await keptKeyApp();
    fixture.startDispatcher();
    const lead = eligibleLead({ phone: "(305) 555-0199" });
    sent = { ...lead, consent: { ...lead.consent, ...consentEvidence } };
    leadId = (await fixture.post(sent)).body.id;
    await fixture.waitUntilSettled();
    expect((await event("lead.call_attempted", { attempted_at: new Date().toISOString() })).status).toBe(200);
  });
  afterAll(async () => {
    await fixture?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("holds the consent as received, each hand-off's decision with its rules, the attempts and its chained log", async () => {
    const response = await get(leadId);
    expect(response.status).toBe(200);
    const record = await response.json();
    expect(schemaErrors("EvidenceRecord", record)).toEqual([]);
    expect(record.consent.as_received).toEqual(sent.consent);
    expect(record.consent.channel_token).toMatchObject({ name: "handoff tests" });
    expect(record.lead).toMatchObject({
      id: leadId,
      phone: "+13055550199",
      channel_token: { name: "handoff tests" },
    });
    const [handoff] = record.decisions.handoffs;
    expect(handoff).toMatchObject({
      attempt: 1,
      acknowledged: true,
      decision: { call: { permitted: true } },
    });
    expect(handoff.decision.rules_version).toBe(record.decisions.rules_version_now);
    expect(handoff.decision.call_window.rules_applied).toContainEqual(
      expect.objectContaining({ kind: "hours", jurisdiction: "US-FL", checked: "2026-11-25" }),
    );
    // The decision is kept whole: where the person may be, which rules, the caps' counts.
    expect(handoff.decision).toMatchObject({
      places: [{ source: "area_code", value: "305", zones: ["America/New_York"], states: ["FL"] }],
      rules: ["US", "US-FL"],
      caps: [{ jurisdiction: "US-FL", calls: 3, hours: 24 }],
      holds: [],
    });
    expect(record.assistant_events.call_attempts).toHaveLength(1);
    expect(record.log.map((entry: { body: string }) => JSON.parse(entry.body).kind)).toEqual([
      "received",
      "handoff",
      "call_attempt",
    ]);
    expect(JSON.parse(record.log[0].body).data.consent).toEqual(sent.consent);
    expect(record.as_of).toEqual({ seq: 3, hash: record.log[2].hash, at: JSON.parse(record.log[2].body).at });
    expect(Date.parse(record.generated_at)).toBeGreaterThanOrEqual(Date.parse(record.as_of.at));
  });

  // Every byte flipped once: about 5,000 checks, the same bytes whichever database stored the lead, so once.
  it.runIf(backend === "pglite")(
    "verifies with the published key and node:crypto alone; any changed byte fails it",
    async () => {
      const text = await (await get(leadId)).text();
      const keys = await jwks();
      expect(schemaErrors("EvidenceKeySet", keys)).toEqual([]);
      expect(verifiesWithNodeCrypto(text, keys)).toBe(true);
      const bytes = Buffer.from(text);
      const passed: number[] = [];
      for (let at = 0; at < bytes.length; at++) {
        const changed = Buffer.from(bytes);
        changed[at] = changed[at]! ^ 0x01;
        if (verifiesWithNodeCrypto(changed.toString("utf8"), keys)) passed.push(at);
      }
      expect(passed).toEqual([]);
    },
  );

  it("after an opt-out a new record reaches further; the older one still verifies and says its own as-of point", async () => {
    const before = await (await get(leadId)).text();
    expect((await event("lead.opted_out")).status).toBe(200);
    const after = await (await get(leadId)).json();
    const older = JSON.parse(before);
    expect(after.as_of.seq).toBe(older.as_of.seq + 1);
    expect(after.log.slice(0, older.log.length)).toEqual(older.log);
    expect(JSON.parse(after.log.at(-1).body)).toMatchObject({
      kind: "do_not_call",
      data: { action: "add", via: "assistant" },
    });
    expect(after.log.at(-1).prev).toBe(older.as_of.hash);
    expect(verifiesWithNodeCrypto(before, await jwks())).toBe(true);
  });

  it("the SDK's verifyEvidence: a good record, a changed one, another key's, and a signed record whose log does not chain", async () => {
    const text = await (await get(leadId)).text();
    const keys = await jwks();
    const good = await verifyEvidence(text, keys);
    expect(good).toMatchObject({ ok: true, asOf: JSON.parse(text).as_of });
    expect(await verifyEvidence(JSON.parse(text), keys)).toEqual(good);
    const changed = text.replace('"acknowledged":true', '"acknowledged":false');
    expect(changed).not.toBe(text);
    expect(await verifyEvidence(changed, keys)).toMatchObject({ ok: false, code: "signature_invalid" });
    const kid = keys.keys[0].kid;
    const other = await openEvidenceKey(fixture.db, {});
    const impostor = { keys: [{ ...other.key.publicJwk, kid, alg: "EdDSA", use: "sig" }] };
    expect(await verifyEvidence(text, impostor)).toMatchObject({ ok: false, code: "signature_invalid" });
    expect(await verifyEvidence(text, { keys: [] })).toMatchObject({ ok: false, code: "key_unknown" });
    // Re-signed by the key itself after an entry was edited: the signature holds, the chain does not.
    const { signature: _, ...record } = JSON.parse(text);
    record.log[1].body = record.log[1].body.replace('"acknowledged": true', '"acknowledged": false');
    const { key } = await openEvidenceKey(fixture.db, { secretFile });
    const resigned = { ...record, signature: await signRecord(record, key) };
    expect(await verifyEvidence(resigned, keys)).toMatchObject({
      ok: false,
      code: "chain_broken",
      reason: "entry 2's hash is not the hash of its content",
    });
    expect(await verifyEvidence("{", keys)).toMatchObject({ ok: false, code: "record_malformed" });
  });

  it("keeps owners' addresses and notes out of the copy it hands out", async () => {
    const phone = "+13055550199";
    await addToList(fixture.db, {
      accountId: fixture.accountId,
      phone,
      via: "page",
      actor: `ana-${backend}@example.com`,
      note: "asked us twice",
    });
    const text = await (await get(leadId)).text();
    expect(text).not.toContain(`ana-${backend}@example.com`);
    expect(text).not.toContain("asked us twice");
    expect(JSON.parse(text).assistant_events.do_not_call.at(-1)).toEqual({
      phone,
      action: "add",
      via: "page",
      at: expect.any(String),
    });
  });

  it("after a key rotation new records name the new key and old ones still verify: the old public key stays published", async () => {
    const old = await (await get(leadId)).text();
    const oldKid = JSON.parse(Buffer.from(JSON.parse(old).signature.protected, "base64url").toString()).kid;
    const rotated = await rotateEvidenceKey(fixture.db, readOrCreateKeySecret(secretFile));
    const next = await keptKeyApp();
    const fresh = await (await get(leadId, fixture.token, next)).text();
    const keys = await jwks(next);
    expect(keys.keys.map((key: { kid: string }) => key.kid)).toEqual(
      expect.arrayContaining([oldKid, rotated.kid]),
    );
    expect(JSON.parse(Buffer.from(JSON.parse(fresh).signature.protected, "base64url").toString()).kid).toBe(
      rotated.kid,
    );
    expect(verifiesWithNodeCrypto(fresh, keys)).toBe(true);
    expect(verifiesWithNodeCrypto(old, keys)).toBe(true);
    // Without the old key, the old record proves nothing.
    expect(
      verifiesWithNodeCrypto(old, { keys: keys.keys.filter((key: { kid: string }) => key.kid !== oldKid) }),
    ).toBe(false);
    app = next;
  });

  it("the keys need no token; another account's token gets 404 for the record", async () => {
    expect((await app.handle(new Request(`http://localhost${EVIDENCE_KEYS_PATH}`))).status).toBe(200);
    const other = await createTestToken(fixture.db, `other-${backend}`);
    expect((await get(leadId, other.token)).status).toBe(404);
  });

  it("the console offers the same signed document as a download to the account's owner", async () => {
    const [{ slug }] = (await fixture.db.query<{ slug: string }>("select slug from accounts where id = $1", [
      fixture.accountId,
    ])) as [{ slug: string }];
    const { client } = await signedInOwner(
      fixture.db,
      (request) => app.handle(request),
      slug,
      `ana-${backend}@example.com`,
    );
    const detail = await (await client.get(`/console/inbox/${leadId}`)).text();
    expect(detail).toContain(`/console/inbox/${leadId}/evidence.json`);
    const download = await client.get(`/console/inbox/${leadId}/evidence.json`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    const text = await download.text();
    expect(verifiesWithNodeCrypto(text, await jwks())).toBe(true);
    const { generated_at: _a, signature: _b, ...downloaded } = JSON.parse(text);
    const { generated_at: _c, signature: _d, ...read } = await (await get(leadId)).json();
    expect(downloaded).toEqual(read);
  });
});
