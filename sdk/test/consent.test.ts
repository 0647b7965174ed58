// consentBlock(): the wire block with a UTC time; refuses what the service would refuse.
import { describe, expect, it } from "vitest";
import { CONSENT_CLOCK_SKEW_MS, consentBlock } from "../src/index";
import { refusal } from "./consent-refusal";

const now = Date.UTC(2026, 10, 20, 20, 0, 0);
const parts = { source: "webform:/contact", reference: "sub_8812" };

describe("consentBlock", () => {
  it("returns the wire block with captured_at in ISO 8601 UTC", () => {
    expect(consentBlock({ ...parts, capturedAt: new Date(now - 5_000) }, now)).toEqual({
      source: "webform:/contact",
      reference: "sub_8812",
      captured_at: "2026-11-20T19:59:55.000Z",
    });
    expect(consentBlock({ ...parts, capturedAt: "2026-11-20T13:58:00-06:00" }, now).captured_at).toBe(
      "2026-11-20T19:58:00.000Z",
    );
  });

  it("converts an offset to UTC", () => {
    expect(consentBlock({ ...parts, capturedAt: "2026-11-20T13:30:00.5-06:00" }, now).captured_at).toBe(
      "2026-11-20T19:30:00.500Z",
    );
  });

  it("uses the current clock by default", () => {
    expect(consentBlock({ ...parts, capturedAt: new Date() }).captured_at).toMatch(/Z$/);
  });

  it.each([
    ["source", { ...parts, source: "" }],
    ["source", { ...parts, source: "   " }],
    ["reference", { source: "s", reference: undefined }],
    ["captured_at", { ...parts, capturedAt: undefined }],
    ["captured_at", { ...parts, capturedAt: "" }],
  ])("refuses a missing or empty %s with consent_incomplete", (field, input) => {
    const error = refusal(() => consentBlock({ capturedAt: new Date(now), ...input } as never, now));
    expect(error).toMatchObject({ name: "ConsentError", code: "consent_incomplete", field });
    expect(error.message).toMatch(field === "captured_at" ? "capturedAt" : field);
  });

  it.each(["2026-11-20T14:02:00", "2026-11-20", "yesterday", "2026-13-45T99:00:00Z"])(
    "refuses %o with date_time_invalid",
    (capturedAt) => {
      expect(refusal(() => consentBlock({ ...parts, capturedAt }, now))).toMatchObject({
        code: "date_time_invalid",
        field: "captured_at",
      });
    },
  );

  it.each([
    "2026-02-30T10:00:00Z",
    "2026-04-31T00:00:00Z",
    "2025-02-29T12:00:00+02:00",
    "2026-01-01T24:00:00Z",
    "2026-01-01T00:60:00Z",
    "2026-01-01T00:00:60Z",
    "2026-01-01T00:00:00+24:00",
  ])("refuses the impossible %o with date_time_invalid, as the service does (no rollover)", (capturedAt) => {
    expect(refusal(() => consentBlock({ ...parts, capturedAt }, now))).toMatchObject({
      code: "date_time_invalid",
      field: "captured_at",
    });
  });

  it("takes a leap day", () => {
    expect(consentBlock({ ...parts, capturedAt: "2024-02-29T23:59:59.999-05:00" }, now).captured_at).toBe(
      "2024-03-01T04:59:59.999Z",
    );
  });

  it("refuses an invalid Date", () => {
    expect(refusal(() => consentBlock({ ...parts, capturedAt: new Date("nope") }, now)).code).toBe(
      "date_time_invalid",
    );
  });

  it("allows 60 s of clock skew and refuses a later time with consent_in_future", () => {
    expect(() =>
      consentBlock({ ...parts, capturedAt: new Date(now + CONSENT_CLOCK_SKEW_MS) }, now),
    ).not.toThrow();
    expect(
      refusal(() => consentBlock({ ...parts, capturedAt: new Date(now + CONSENT_CLOCK_SKEW_MS + 1) }, now)),
    ).toMatchObject({
      code: "consent_in_future",
      field: "captured_at",
    });
  });
});

describe("consentBlock refuses what the service refuses, and keeps what it is given", () => {
  it("a reference or source over the spec's 2,048 characters: too_long (the service refuses it)", () => {
    const long = "r".repeat(3_000);
    expect(
      refusal(() => consentBlock({ ...parts, reference: long, capturedAt: new Date(now) }, now)),
    ).toMatchObject({ code: "too_long", field: "reference" });
    expect(
      refusal(() => consentBlock({ ...parts, source: long, capturedAt: new Date(now) }, now)),
    ).toMatchObject({
      code: "too_long",
      field: "source",
    });
    // Characters, not UTF-16 units, as the service counts: 2,048 emoji pass.
    expect(
      consentBlock({ ...parts, reference: "😀".repeat(2_048), capturedAt: new Date(now) }, now),
    ).toBeTruthy();
  });

  it("a misspelled evidence name is refused (unknown_field), never dropped", () => {
    const error = refusal(() =>
      consentBlock(
        { ...parts, capturedAt: new Date(now), trustedFormUrl: "https://cert.trustedform.com/abc" } as never,
        now,
      ),
    );
    expect(error).toMatchObject({ name: "ConsentError", code: "unknown_field", field: "trustedFormUrl" });
  });

  it("keeps the instant's precision: .123456Z stays .123456Z, an offset's fraction too", () => {
    expect(consentBlock({ ...parts, capturedAt: "2026-11-20T19:58:00.123456Z" }, now).captured_at).toBe(
      "2026-11-20T19:58:00.123456Z",
    );
    expect(consentBlock({ ...parts, capturedAt: "2026-11-20T13:58:59.999999-06:00" }, now).captured_at).toBe(
      "2026-11-20T19:58:59.999999Z",
    );
  });

  it("a fraction does not hide a time in the future", () => {
    const error = refusal(() => consentBlock({ ...parts, capturedAt: "2026-11-20T20:01:00.900000Z" }, now));
    expect(error).toMatchObject({ code: "consent_in_future" });
  });
});
