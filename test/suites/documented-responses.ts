// Each documented status, code and header of the intake endpoint, provoked on purpose over raw HTTP.

import type { IntakeEndpoint } from "@speed-to-lead/server/testing/intake-endpoint";
import { FIELD_ERROR_CODES, LEAD_INTAKE_PATH, MAX_BODY_BYTES, PROBLEM_CODES } from "@speed-to-lead/spec";
import { describe, expect, it } from "vitest";
import { sendToIntake } from "../harness/intake-request.ts";
import { postLead } from "../harness/lead-http.ts";
import { expectConformant } from "../harness/openapi-conformance.ts";
import { schemaErrors } from "../harness/spec-ajv.ts";

const lead = () => ({ email: `lead-${crypto.randomUUID()}@example.com`, first_name: "Ana" });

/** A valid lead whose JSON text is exactly `bytes` long (padding in context, counted in UTF-8 bytes). */
function leadOfSize(bytes: number): string {
  const base = JSON.stringify({ ...lead(), context: { pad: "" } });
  const text = JSON.stringify({
    ...lead(),
    context: { pad: "é".repeat(Math.floor((bytes - base.length) / 2)) },
  });
  const missing = bytes - new TextEncoder().encode(text).byteLength;
  return text.replace('"pad":"', `"pad":"${"x".repeat(missing)}`);
}

export function documentedResponsesSuite(server: IntakeEndpoint): void {
  describe("documented responses", () => {
    const token = () => server.tokens.main.token;

    describe("authentication", () => {
      it.each([
        ["no token at all", {}, "token_missing"],
        ["an empty Bearer", { Authorization: "Bearer " }, "token_missing"],
        [
          "a token the service never issued",
          { Authorization: "Bearer stl_ch_not-a-real-token" },
          "token_invalid",
        ],
        ["a Basic credential and no channel token", { Authorization: "Basic dXNlcjpwYXNz" }, "token_missing"],
      ])("%s → 401 with WWW-Authenticate", async (_name, headers, code) => {
        const response = await postLead(server, { body: lead(), headers });
        expect([response.status, response.body.code]).toEqual([401, code]);
      });

      it("a revoked token → 401 token_revoked", async () => {
        const response = await postLead(server, { body: lead(), token: server.tokens.revoked.token });
        expect([response.status, response.body.code]).toEqual([401, "token_revoked"]);
      });

      it("a token whose roll expired → 401 token_expired", async () => {
        const response = await postLead(server, { body: lead(), token: server.tokens.expired.token });
        expect([response.status, response.body.code]).toEqual([401, "token_expired"]);
      });

      it("two different tokens in Authorization and X-STL-Channel-Token → 401 token_conflict", async () => {
        const response = await postLead(server, {
          body: lead(),
          token: token(),
          headers: { "X-STL-Channel-Token": server.tokens.other.token },
        });
        expect([response.status, response.body.code]).toEqual([401, "token_conflict"]);
      });

      it("authenticates before validating: a bad body without a token is a 401, not a 422", async () => {
        const response = await postLead(server, { body: { phone: 12 } });
        expect([response.status, response.body.code]).toEqual([401, "token_missing"]);
      });

      it.each([
        ["X-STL-Channel-Token alone", (t: string) => ({ "X-STL-Channel-Token": t })],
        [
          "X-STL-Channel-Token behind a proxy's Basic auth",
          (t: string) => ({ Authorization: "Basic dXNlcjpwYXNz", "X-STL-Channel-Token": t }),
        ],
        [
          "the same token in both headers",
          (t: string) => ({ Authorization: `Bearer ${t}`, "X-STL-Channel-Token": t }),
        ],
      ])("%s → 201", async (_name, headers) => {
        const response = await postLead(
          server,
          { body: lead(), headers: headers(token()) },
          { replayed: false },
        );
        expect(response.status).toBe(201);
      });
    });

    describe("method, media type, size and JSON", () => {
      it.each(["GET", "PUT", "PATCH", "DELETE"])(
        "%s on the intake path → 405 with Allow: POST",
        async (method) => {
          const response = await postLead(server, {
            method,
            token: token(),
            body: method === "GET" ? undefined : lead(),
          });
          expect([response.status, response.body.code]).toEqual([405, "method_not_allowed"]);
        },
      );

      it.each(["text/plain", "application/x-www-form-urlencoded", "application/problem+json"])(
        "Content-Type %s → 415",
        async (contentType) => {
          const response = await postLead(server, {
            token: token(),
            body: JSON.stringify(lead()),
            headers: { "Content-Type": contentType },
          });
          expect([response.status, response.body.code]).toEqual([415, "unsupported_media_type"]);
        },
      );

      it("application/json with a charset parameter is accepted", async () => {
        const response = await postLead(server, {
          token: token(),
          body: JSON.stringify(lead()),
          headers: { "Content-Type": "application/json; charset=utf-8" },
        });
        expect(response.status).toBe(201);
      });

      it("a body of exactly 64 KiB is read; one byte more → 413", async () => {
        const atLimit = leadOfSize(MAX_BODY_BYTES);
        expect(new TextEncoder().encode(atLimit).byteLength).toBe(MAX_BODY_BYTES);
        expect((await postLead(server, { token: token(), body: atLimit })).status).toBe(201);
        const overLimit = leadOfSize(MAX_BODY_BYTES + 1);
        const refused = await postLead(server, { token: token(), body: overLimit });
        expect([refused.status, refused.body.code]).toEqual([413, "payload_too_large"]);
      });

      it("a chunked body with no Content-Length is cut off at 64 KiB → 413", async () => {
        const chunk = new TextEncoder().encode(" ".repeat(16 * 1024));
        let sent = 0;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent === 0) controller.enqueue(new TextEncoder().encode('{"email":"a@example.com","p":"'));
            if (sent > 8 * MAX_BODY_BYTES) return controller.close();
            sent += chunk.byteLength;
            controller.enqueue(chunk);
          },
        });
        const response = await server.fetch(
          new Request(`${server.baseUrl}${LEAD_INTAKE_PATH}`, {
            method: "POST",
            headers: { Authorization: `Bearer ${token()}`, "Content-Type": "application/json" },
            body,
            // @ts-expect-error: Node's fetch needs duplex for a streamed body; Bun ignores it.
            duplex: "half",
          }),
        );
        const checked = await expectConformant(response, "postLead");
        expect([checked.status, checked.body.code]).toEqual([413, "payload_too_large"]);
      });

      it.each([
        ["unparsable JSON", '{"email":'],
        ["a JSON array", "[]"],
        ["JSON null", "null"],
        ["a JSON string", '"a@example.com"'],
        ["an empty body", ""],
        ["bytes that are not UTF-8", new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])],
      ])("%s → 400 invalid_json", async (_name, body) => {
        const response = await postLead(server, { token: token(), body });
        expect([response.status, response.body.code]).toEqual([400, "invalid_json"]);
      });
    });

    describe("idempotency", () => {
      it("the Idempotency-Key header alone makes a retry replay the first response", async () => {
        const key = `header-${crypto.randomUUID()}`;
        const body = lead();
        const first = await postLead(
          server,
          { token: token(), body, headers: { "Idempotency-Key": key } },
          { replayed: false },
        );
        const again = await postLead(
          server,
          { token: token(), body, headers: { "Idempotency-Key": key } },
          { replayed: true },
        );
        expect(first.status).toBe(201);
        expect({ status: again.status, text: again.text }).toEqual({
          status: first.status,
          text: first.text,
        });
      });

      it("the header and the body field are one key: either carrier replays the other's request", async () => {
        const key = `both-${crypto.randomUUID()}`;
        const body = lead();
        const first = await postLead(
          server,
          { token: token(), body: { ...body, idempotency_key: key } },
          { replayed: false },
        );
        const again = await postLead(
          server,
          { token: token(), body: { ...body, idempotency_key: key }, headers: { "Idempotency-Key": key } },
          { replayed: true },
        );
        expect(again.body.id).toBe(first.body.id);
      });

      it("a header key that differs from the body's → 422 idempotency_key_mismatch", async () => {
        const response = await postLead(server, {
          token: token(),
          body: { ...lead(), idempotency_key: `body-${crypto.randomUUID()}` },
          headers: { "Idempotency-Key": `header-${crypto.randomUUID()}` },
        });
        expect([response.status, response.body.code]).toEqual([422, "idempotency_key_mismatch"]);
      });

      it("the same key with another payload → 422 idempotency_key_reused, and the first lead is untouched", async () => {
        const key = `reused-${crypto.randomUUID()}`;
        const body = { ...lead(), idempotency_key: key };
        const first = await postLead(server, { token: token(), body }, { replayed: false });
        const other = await postLead(server, {
          token: token(),
          body: { ...body, first_name: "Someone else" },
        });
        expect([other.status, other.body.code]).toEqual([422, "idempotency_key_reused"]);
        const again = await postLead(server, { token: token(), body }, { replayed: true });
        expect(again.text).toBe(first.text);
      });

      it("a repeat of (platform, external_lead_id) sent with a key replays as 200", async () => {
        const externalLeadId = `ext-${crypto.randomUUID()}`;
        const created = await postLead(server, {
          token: token(),
          body: { ...lead(), platform: "acme-crm", external_lead_id: externalLeadId },
        });
        const key = `repeat-${crypto.randomUUID()}`;
        const body = {
          email: "jordan@example.com",
          platform: "acme-crm",
          external_lead_id: externalLeadId,
          idempotency_key: key,
        };
        const repeat = await postLead(server, { token: token(), body }, { replayed: false });
        const replay = await postLead(server, { token: token(), body }, { replayed: true });
        expect([created.status, repeat.status, replay.status]).toEqual([201, 200, 200]);
        expect(replay.text).toBe(repeat.text);
        expect(repeat.body.id).toBe(created.body.id);
      });

      it("external_lead_id without platform does not deduplicate", async () => {
        const body = { ...lead(), external_lead_id: `ext-${crypto.randomUUID()}` };
        const first = await postLead(server, { token: token(), body });
        const second = await postLead(server, { token: token(), body });
        expect([first.status, second.status]).toEqual([201, 201]);
        expect(second.body.id).not.toBe(first.body.id);
      });
    });

    describe("language", () => {
      it("human text is Spanish when Accept-Language prefers es, English otherwise", async () => {
        const body = { phone: "+1 604 555 0199", first_name: 7 };
        const spanish = await postLead(server, {
          token: token(),
          body,
          headers: { "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" },
        });
        const english = await postLead(server, {
          token: token(),
          body,
          headers: { "Accept-Language": "en-US" },
        });
        expect(spanish.body.title).toBe(PROBLEM_CODES.validation_failed.title.es);
        expect(english.body.title).toBe(PROBLEM_CODES.validation_failed.title.en);
        const messages = (problem: any) =>
          Object.fromEntries(
            problem.errors.map((error: any) => [error.pointer, [error.code, error.message]]),
          );
        expect(messages(spanish.body)).toEqual({
          "/phone": ["phone_not_us", FIELD_ERROR_CODES.phone_not_us.es],
          "/first_name": ["type_mismatch", FIELD_ERROR_CODES.type_mismatch.es],
        });
        expect(messages(english.body)).toEqual({
          "/phone": ["phone_not_us", FIELD_ERROR_CODES.phone_not_us.en],
          "/first_name": ["type_mismatch", FIELD_ERROR_CODES.type_mismatch.en],
        });
      });
    });

    it("an unknown path → 404 not_found as a spec Problem", async () => {
      const response = await server.fetch(
        new Request(`${server.baseUrl}/api/speed-to-lead/nope.php`, { method: "POST" }),
      );
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
      const problem = await response.json();
      expect(schemaErrors("Problem", problem)).toEqual([]);
      expect(problem.code).toBe("not_found");
    });

    it("accepts a plain lead through raw fetch as the quick start shows", async () => {
      const response = await sendToIntake(server, {
        token: token(),
        body: { phone: "(415) 555-2671" },
      });
      const checked = await expectConformant(response, "postLead", { replayed: false });
      expect(checked.body.lead.phone).toBe("+14155552671");
    });
  });
}
