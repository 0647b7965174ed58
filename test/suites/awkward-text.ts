// Text JSON allows but PostgreSQL does not store as is (NUL, unpaired surrogates, deep nesting), and
// lengths counted as JSON Schema counts them. Each case was first found by the no-5xx property.

import type { IntakeEndpoint } from "@speed-to-lead/server/testing/intake-endpoint";
import { describe, expect, it } from "vitest";
import { postLead } from "../harness/lead-http.ts";
import { schemaErrors } from "../harness/spec-ajv.ts";

/** Raw JSON texts: the escapes must reach the server exactly as written. */
const NUL_CASES: Record<string, string> = {
  "first_name with U+0000": '{"email":"a@example.com","first_name":"a\\u0000b"}',
  "source with U+0000": '{"email":"a@example.com","source":"\\u0000"}',
  "external_lead_id with U+0000": '{"email":"a@example.com","platform":"p","external_lead_id":"x\\u0000"}',
  "consent.source with U+0000":
    '{"email":"a@example.com","consent":{"source":"\\u0000","reference":"r","captured_at":"2020-01-01T00:00:00Z"}}',
  "a context value with U+0000": '{"email":"a@example.com","context":{"k":"\\u0000"}}',
  "a context key with U+0000": '{"email":"a@example.com","context":{"\\u0000":1}}',
  "a context value with an unpaired surrogate": '{"email":"a@example.com","context":{"k":"\\ud800"}}',
};

const nested = (depth: number) =>
  `{"email":"a@example.com","context":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}`;

export function awkwardTextSuite(server: IntakeEndpoint): void {
  describe("awkward text", () => {
    it.each(Object.entries(NUL_CASES))(
      "%s is answered below 500 (no client input yields a 5xx)",
      async (_name, body) => {
        const response = await postLead(server, { token: server.tokens.main.token, body });
        expect(response.status, response.text).toBeLessThan(500);
      },
    );

    it("a context nested 10,000 deep (inside the 64 KiB limit) is answered below 500", async () => {
      const body = nested(10_000);
      expect(body.length).toBeLessThan(64 * 1024);
      const response = await postLead(server, { token: server.tokens.main.token, body });
      expect(response.status, response.text).toBeLessThan(500);
    });

    it("maxLength counts characters, as JSON Schema does: 200 emoji are a valid first_name", async () => {
      const lead = { email: "a@example.com", first_name: "😀".repeat(200), source: "🚀".repeat(64) };
      expect(schemaErrors("LeadInput", lead)).toEqual([]);
      const response = await postLead(server, { token: server.tokens.main.token, body: lead });
      expect(response.status, response.text).toBe(201);
      expect(response.body.lead.first_name).toBe(lead.first_name);
    });
  });
}
