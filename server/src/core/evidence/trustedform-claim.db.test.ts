// TrustedForm claims on PGlite and PostgreSQL against a local fake of ActiveProspect's certificate API: retained, refused (4xx), a timeout retried, a window run out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../logger.ts";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixtureOn,
} from "../../testing/handoff-fixture.ts";
import { readEvidenceLog } from "./evidence-log.ts";
import { type ClaimSettings, runDueClaims } from "./trustedform-claim.ts";

interface Received {
  path: string;
  authorization: string | null;
  apiVersion: string | null;
  body: { retain?: { reference?: string }; match_lead?: { phone?: string } };
}

/** The fake API: /ok… retains, /gone… is unknown (404), /slow… hangs on its first request only. */
function startFakeTrustedForm() {
  const received: Received[] = [];
  const slowSeen = new Set<string>();
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const path = new URL(request.url).pathname;
      received.push({
        path,
        authorization: request.headers.get("authorization"),
        apiVersion: request.headers.get("api-version"),
        body: await request.json(),
      });
      if (path.startsWith("/gone"))
        return Response.json({ outcome: "failure", reason: "certificate not found" }, { status: 404 });
      if (path.startsWith("/slow") && !slowSeen.has(path)) {
        slowSeen.add(path);
        await Bun.sleep(1_500);
      }
      return Response.json({
        outcome: "success",
        retain: {
          results: {
            expires_at: "2031-11-28T00:00:00.000Z",
            masked_cert_url: `https://cert.trustedform.com/masked${path.slice(1, 9)}`,
            previously_retained: false,
          },
        },
      });
    },
  });
  return { received, origin: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}

describe.each(BACKENDS)("TrustedForm claims on %s", (backend) => {
  let fixture: HandoffFixture;
  let fake: ReturnType<typeof startFakeTrustedForm>;
  let settings: ClaimSettings;
  const token = (kind: string) => `${kind}${crypto.randomUUID().replaceAll("-", "")}`;
  const postWithCert = async (cert: string, overrides: Record<string, unknown> = {}) => {
    const lead = eligibleLead({ phone: "(305) 555-0177", ...overrides });
    const sent = {
      ...lead,
      consent: { ...lead.consent, trustedform_url: `https://cert.trustedform.com/${cert}` },
    };
    return (await fixture.post(sent)).body.id;
  };
  const claim = async (leadId: string) =>
    (
      await fixture.db.query<{ status: string; attempts: number; last_error: string | null }>(
        "select status, attempts, last_error from trustedform_claims where lead_id = $1",
        [leadId],
      )
    )[0];
  const claimEntries = async (leadId: string) =>
    (await readEvidenceLog(fixture.db, leadId))
      .map((entry) => JSON.parse(entry.body))
      .filter((body) => body.kind === "trustedform_claim")
      .map((body) => body.data);

  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
    fake = startFakeTrustedForm();
    settings = { origin: fake.origin, timeoutMs: 500, retryBaseMs: 1, retryMaxMs: 1, batch: 20 };
    await fixture.db.query("update accounts set trustedform_api_key = 'tf-key-1' where id = $1", [
      fixture.accountId,
    ]);
  });
  afterAll(async () => {
    fake?.stop();
    await fixture?.close();
  });

  it("retains a certificate with the account's key and logs the answer in the lead's evidence", async () => {
    const cert = token("ok");
    const id = await postWithCert(cert);
    expect(await claim(id)).toEqual({ status: "pending", attempts: 0, last_error: null });
    await runDueClaims(fixture.db, silentLogger, settings);
    const sent = fake.received.find((request) => request.path === `/${cert}`)!;
    expect(sent).toEqual({
      path: `/${cert}`,
      authorization: `Basic ${btoa("API:tf-key-1")}`,
      apiVersion: "4.0",
      body: { retain: { reference: id }, match_lead: { phone: "3055550177" } },
    });
    expect(await claim(id)).toMatchObject({ status: "retained", attempts: 1 });
    expect(await claimEntries(id)).toEqual([
      expect.objectContaining({
        outcome: "retained",
        status: 200,
        expires_at: "2031-11-28T00:00:00.000Z",
        attempt: 1,
      }),
    ]);
  });

  it("a 4xx is final: refused, logged with its status, never sent again", async () => {
    const cert = token("gone");
    const id = await postWithCert(cert);
    await runDueClaims(fixture.db, silentLogger, settings);
    await runDueClaims(fixture.db, silentLogger, settings);
    expect(fake.received.filter((request) => request.path === `/${cert}`)).toHaveLength(1);
    expect(await claim(id)).toMatchObject({
      status: "refused",
      attempts: 1,
      last_error: expect.stringContaining("certificate not found"),
    });
    expect(await claimEntries(id)).toEqual([expect.objectContaining({ outcome: "refused", status: 404 })]);
  });

  it("a timeout is retried, and the retry retains it", async () => {
    const cert = token("slow");
    const id = await postWithCert(cert);
    await runDueClaims(fixture.db, silentLogger, settings);
    expect(await claim(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      last_error: expect.stringMatching(/time|abort/i),
    });
    await Bun.sleep(5);
    await runDueClaims(fixture.db, silentLogger, settings);
    expect(fake.received.filter((request) => request.path === `/${cert}`)).toHaveLength(2);
    expect(await claim(id)).toMatchObject({ status: "retained", attempts: 2 });
    expect((await claimEntries(id)).map((entry) => entry.outcome)).toEqual(["retry", "retained"]);
  });

  it("past its 72 hours a claim is closed as expired without a request; test leads and accounts without a key claim nothing", async () => {
    const cert = token("ok");
    const id = await postWithCert(cert, {
      consent: { ...eligibleLead().consent, captured_at: new Date(Date.now() - 50_000).toISOString() },
    });
    await fixture.db.query(
      "update trustedform_claims set claim_by = now() - interval '1 second' where lead_id = $1",
      [id],
    );
    await runDueClaims(fixture.db, silentLogger, settings);
    expect(fake.received.some((request) => request.path === `/${cert}`)).toBe(false);
    expect(await claim(id)).toMatchObject({ status: "expired" });
    expect(await claimEntries(id)).toEqual([expect.objectContaining({ outcome: "expired" })]);

    const testLead = await postWithCert(token("ok"), { test: true });
    expect(await claim(testLead)).toBeUndefined();
    await fixture.db.query("update accounts set trustedform_api_key = null where id = $1", [
      fixture.accountId,
    ]);
    const keyless = await postWithCert(token("ok"));
    expect(await claim(keyless)).toBeUndefined();
    await fixture.db.query("update accounts set trustedform_api_key = 'tf-key-1' where id = $1", [
      fixture.accountId,
    ]);
  });
});
