// The SDK's typed errors, raised by real server answers: the class, the code and the field pointers.
import {
  AuthenticationError,
  type ConsentError,
  consentBlock,
  createLeadClient,
  getLead,
  IdempotencyConflictError,
  NotFoundError,
  ValidationError,
} from "@speed-to-lead/sdk";
import type { IntakeEndpoint } from "@speed-to-lead/server/testing/intake-endpoint";
import { describe, expect, it } from "vitest";

export function sdkErrorsSuite(server: IntakeEndpoint): void {
  describe("SDK errors from the real server", () => {
    const client = () =>
      createLeadClient({
        baseUrl: server.baseUrl,
        fetch: server.fetch,
        token: server.tokens.main.token,
        maxRetries: 0,
      });

    it("a lead breaking rules → ValidationError listing every field with its pointer", async () => {
      const error = await client()
        .postLead({
          phone: "+1 604 555 0199",
          source_campaign: "spring 2026",
          consent: { source: "form" } as never,
        })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      const fields = (error as ValidationError).errors
        .map(({ pointer, code }) => `${pointer} ${code}`)
        .sort();
      expect(fields).toEqual([
        "/consent/captured_at consent_incomplete",
        "/consent/reference consent_incomplete",
        "/phone phone_not_us",
        "/source_campaign pattern_mismatch",
      ]);
    });

    it("a wrong token → AuthenticationError token_invalid", async () => {
      const wrong = createLeadClient({
        baseUrl: server.baseUrl,
        fetch: server.fetch,
        token: "stl_ch_wrong",
        maxRetries: 0,
      });
      const error = await wrong.postLead({ email: "a@example.com" }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({ status: 401, code: "token_invalid" });
    });

    it("a lead the account does not have → NotFoundError lead_not_found, with its request id", async () => {
      const error = await getLead(client(), crypto.randomUUID()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ status: 404, code: "lead_not_found", attempts: 1 });
      expect((error as NotFoundError).requestId).toEqual(expect.any(String));
    });

    it("one key for two different leads → IdempotencyConflictError idempotency_key_reused", async () => {
      const idempotencyKey = `sdk-reused-${crypto.randomUUID()}`;
      await client().postLead({ email: "first@example.com" }, { idempotencyKey });
      const error = await client()
        .postLead({ email: "second@example.com" }, { idempotencyKey })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(IdempotencyConflictError);
      expect(error).toMatchObject({ status: 422, code: "idempotency_key_reused" });
    });

    it("consentBlock() builds a block the server accepts as complete: the lead is call-eligible", async () => {
      const consent = consentBlock({
        source: "webform:/contact",
        reference: "sub_8812",
        capturedAt: new Date(),
      });
      const result = await client().postLead({ phone: "(415) 555-2671", consent });
      expect(result).toMatchObject({ created: true, callEligible: true, lead: { consent } });
    });

    it("consentBlock()'s evidence is stored as built, and each shape it refuses the server refuses with the same code", async () => {
      const parts = { source: "webform:/quote", reference: "sub_evidence", capturedAt: new Date() };
      const consent = consentBlock({
        ...parts,
        trustedformUrl: `https://cert.trustedform.com/${"Zz9".repeat(20)}`,
        leadidToken: "0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D",
        disclosure: "I agree that Acme may call me.",
        sellers: ["Acme Realty"],
        pageUrl: "https://example.com/quote",
        ipAddress: "fe80::1%eth0",
        userAgent: "Mozilla/5.0",
      });
      const stored = await client().postLead({ phone: "(415) 555-2672", consent });
      expect(stored).toMatchObject({ created: true, callEligible: true, lead: { consent } });

      const wire = { ...consent, captured_at: new Date().toISOString() };
      const refusals: [string, string, unknown][] = [
        ["trustedformUrl", "trustedform_url", "https://cert.trustedform.com.evil.example/abc"],
        ["leadidToken", "leadid_token", "0A1B2C3D"],
        ["ipAddress", "ip_address", "01.2.3.4"],
        ["ipAddress", "ip_address", "1::2::3"],
        ["disclosure", "disclosure", ""],
        ["userAgent", "user_agent", "x".repeat(1_025)],
        ["pageUrl", "page_url", "javascript:alert(1)"],
        ["sellers", "sellers", []],
      ];
      for (const [name, field, value] of refusals) {
        const sdkCode = (() => {
          try {
            consentBlock({ ...parts, [name]: value });
          } catch (error) {
            return (error as ConsentError).code;
          }
        })();
        const error = await client()
          .postLead({ phone: "(415) 555-2673", consent: { ...wire, [field]: value } as never })
          .catch((caught: unknown) => caught);
        const serverCodes = (error as ValidationError).errors?.map(
          ({ pointer, code }) => `${pointer} ${code}`,
        );
        expect([field, value, serverCodes]).toEqual([field, value, [`/consent/${field} ${sdkCode}`]]);
      }
    });
  });
}
