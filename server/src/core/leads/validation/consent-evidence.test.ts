// The consent block's evidence fields: optional, checked in shape, each bad shape with its own code.
import { describe, expect, it } from "vitest";
import { consentIssues } from "./consent-rules.ts";

const now = new Date("2026-11-25T12:00:00Z");
const base = { source: "webform:/contact", reference: "sub_1", captured_at: "2026-11-25T11:59:00Z" };
const certId = "a".repeat(40);
const token = "0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D";

describe("consent evidence fields", () => {
  it("accepts every field in its shape, and a certificate id that is not 40 hex characters", () => {
    const full = {
      ...base,
      trustedform_url: `https://cert.trustedform.com/${certId}`,
      leadid_token: token,
      disclosure: "By clicking Submit I agree that Acme Realty may call me…",
      sellers: ["Acme Realty"],
      page_url: "https://example.com/contact?utm=spring",
      ip_address: "2001:db8::1",
      user_agent: "Mozilla/5.0",
    };
    expect(consentIssues(full, now)).toEqual([]);
    expect(
      consentIssues(
        {
          ...full,
          trustedform_url: `https://cert.trustedform.com/${"Z".repeat(255)}`,
          ip_address: "203.0.113.7",
        },
        now,
      ),
    ).toEqual([]);
  });

  it.each([
    ["trustedform_url", "https://cert.trustedform.com.evil.example/abc", "trustedform_url_invalid"],
    ["trustedform_url", "http://cert.trustedform.com/abc", "trustedform_url_invalid"],
    ["trustedform_url", `https://cert.trustedform.com/${"a".repeat(256)}`, "trustedform_url_invalid"],
    ["trustedform_url", "https://cert.trustedform.com/", "trustedform_url_invalid"],
    ["leadid_token", token.slice(1), "leadid_token_invalid"],
    ["leadid_token", `${token.slice(1)}!`, "leadid_token_invalid"],
    ["ip_address", "999.1.1.1", "ip_address_invalid"],
    ["ip_address", "localhost", "ip_address_invalid"],
  ])("%s %j: %s", (field, value, code) => {
    expect(consentIssues({ ...base, [field]: value }, now)).toEqual([{ pointer: `/consent/${field}`, code }]);
  });

  it.each([
    ["page_url", "javascript:alert(1)"],
    ["sellers", []],
    ["sellers", "Acme"],
    ["disclosure", ""],
    ["user_agent", 42],
  ])("refuses %s %j by its schema", (field, value) => {
    const issues = consentIssues({ ...base, [field]: value }, now);
    expect(issues.map((issue) => issue.pointer)).toEqual([`/consent/${field}`]);
  });
});
