// consentBlock()'s evidence: passed on exactly as given, each bad shape refused with the service's code.
import { describe, expect, it } from "vitest";
import { type ConsentInput, consentBlock } from "../src/index";
import { refusal } from "./consent-refusal";

const now = Date.UTC(2026, 10, 20, 20, 0, 0);
const parts = { source: "webform:/contact", reference: "sub_8812", capturedAt: new Date(now - 60_000) };
const LEADID = "0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D";

describe("consentBlock evidence", () => {
  it("puts every evidence field on the wire under its spec name, exactly as given", () => {
    const sellers = ["Acme Realty", "Acme Loans"];
    const block = consentBlock(
      {
        ...parts,
        trustedformUrl: `https://cert.trustedform.com/${"Z".repeat(255)}`,
        leadidToken: LEADID,
        disclosure: "  By clicking Submit I agree that Acme may call me…  ",
        sellers,
        pageUrl: "https://example.com/contact?utm=spring",
        ipAddress: "2001:db8::1",
        userAgent: "Mozilla/5.0 (X11; Linux x86_64)",
      },
      now,
    );
    expect(block).toEqual({
      source: "webform:/contact",
      reference: "sub_8812",
      captured_at: "2026-11-20T19:59:00.000Z",
      trustedform_url: `https://cert.trustedform.com/${"Z".repeat(255)}`,
      leadid_token: LEADID,
      disclosure: "  By clicking Submit I agree that Acme may call me…  ",
      sellers,
      page_url: "https://example.com/contact?utm=spring",
      ip_address: "2001:db8::1",
      user_agent: "Mozilla/5.0 (X11; Linux x86_64)",
    });
  });

  it("leaves out what is not given or undefined", () => {
    expect(
      Object.keys(consentBlock({ ...parts, leadidToken: undefined, ipAddress: "203.0.113.7" }, now)),
    ).toEqual(["source", "reference", "captured_at", "ip_address"]);
  });

  it.each([
    "203.0.113.7",
    "0.0.0.0",
    "255.255.255.255",
    "::1",
    "::",
    "::ffff:192.0.2.1",
    "fe80::1%eth0",
    "2001:DB8:0:0:0:0:0:1",
  ])("takes the address %s, as the service does", (ipAddress) => {
    expect(consentBlock({ ...parts, ipAddress }, now).ip_address).toBe(ipAddress);
  });

  it("counts lengths in characters, as the service does: 20 000 emoji are a disclosure that fits", () => {
    expect(consentBlock({ ...parts, disclosure: "😀".repeat(20_000) }, now).disclosure).toHaveLength(40_000);
    expect(refusal(() => consentBlock({ ...parts, disclosure: "😀".repeat(20_001) }, now)).code).toBe(
      "too_long",
    );
  });

  it.each<[keyof ConsentInput, unknown, string, string]>([
    [
      "trustedformUrl",
      "https://cert.trustedform.com.evil.example/abc",
      "trustedform_url",
      "trustedform_url_invalid",
    ],
    ["trustedformUrl", "http://cert.trustedform.com/abc", "trustedform_url", "trustedform_url_invalid"],
    [
      "trustedformUrl",
      `https://cert.trustedform.com/${"a".repeat(256)}`,
      "trustedform_url",
      "trustedform_url_invalid",
    ],
    ["trustedformUrl", "https://cert.trustedform.com/", "trustedform_url", "trustedform_url_invalid"],
    ["trustedformUrl", 42, "trustedform_url", "type_mismatch"],
    ["leadidToken", LEADID.slice(1), "leadid_token", "leadid_token_invalid"],
    ["leadidToken", `${LEADID.slice(1)}!`, "leadid_token", "leadid_token_invalid"],
    ["leadidToken", "", "leadid_token", "leadid_token_invalid"],
    ["ipAddress", "999.1.1.1", "ip_address", "ip_address_invalid"],
    ["ipAddress", "01.2.3.4", "ip_address", "ip_address_invalid"],
    ["ipAddress", "1.2.3", "ip_address", "ip_address_invalid"],
    ["ipAddress", "localhost", "ip_address", "ip_address_invalid"],
    ["ipAddress", "1::2::3", "ip_address", "ip_address_invalid"],
    ["ipAddress", "::1]/x[", "ip_address", "ip_address_invalid"],
    ["ipAddress", "2001:db8::1 ", "ip_address", "ip_address_invalid"],
    ["ipAddress", "", "ip_address", "ip_address_invalid"],
    ["disclosure", "", "disclosure", "too_short"],
    ["disclosure", "x".repeat(20_001), "disclosure", "too_long"],
    ["userAgent", "x".repeat(1_025), "user_agent", "too_long"],
    ["userAgent", 42, "user_agent", "type_mismatch"],
    ["pageUrl", "javascript:alert(1)", "page_url", "pattern_mismatch"],
    ["pageUrl", "ftp://example.com/", "page_url", "pattern_mismatch"],
    ["pageUrl", `https://${"x".repeat(2_041)}`, "page_url", "too_long"],
    ["sellers", [], "sellers", "type_mismatch"],
    ["sellers", "Acme", "sellers", "type_mismatch"],
    ["sellers", Array(101).fill("Acme"), "sellers", "type_mismatch"],
    ["sellers", ["Acme", ""], "sellers", "too_short"],
    ["sellers", ["x".repeat(501)], "sellers", "too_long"],
    ["sellers", [1], "sellers", "type_mismatch"],
  ])("refuses %s %j with the service's code at %s: %s", (name, value, field, code) => {
    const error = refusal(() => consentBlock({ ...parts, [name]: value } as ConsentInput, now));
    expect(error).toMatchObject({ name: "ConsentError", code, field });
    expect(error.message).toContain(`consent.${name}`);
  });
});
