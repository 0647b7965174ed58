import { describe, expect, it } from "vitest";
import { validateLead } from "./validate-lead.ts";

const now = new Date("2026-11-20T20:00:00Z");
const consent = { source: "webform:/contact", reference: "sub_1", captured_at: "2026-11-20T19:59:00Z" };
const valid = (body: Record<string, unknown>, headerKey: string | null = null) => {
  const result = validateLead(body, headerKey, now);
  if (!result.ok) throw new Error(`expected valid, got ${JSON.stringify(result)}`);
  return result.lead;
};
const issuesOf = (body: Record<string, unknown>, headerKey: string | null = null) => {
  const result = validateLead(body, headerKey, now);
  if (result.ok || result.code !== "validation_failed")
    throw new Error(`expected issues, got ${JSON.stringify(result)}`);
  return result.issues;
};
const issue = (pointer: string, code: string) => ({ pointer, code });

describe("validateLead: contact", () => {
  it("needs a phone or an email (contact_required at the body's root)", () => {
    expect(issuesOf({ first_name: "Ana" })).toEqual([issue("", "contact_required")]);
    expect(issuesOf({})).toEqual([issue("", "contact_required")]);
    expect(valid({ phone: "4155552671" }).phone).toBe("+14155552671");
    expect(valid({ email: "ana@example.com" }).input.email).toBe("ana@example.com");
  });

  it("refuses malformed and non-US phones with their own codes", () => {
    expect(issuesOf({ phone: "12" })).toEqual([issue("/phone", "phone_invalid")]);
    expect(issuesOf({ phone: "+1 604 555 0199" })).toEqual([issue("/phone", "phone_not_us")]);
    expect(issuesOf({ phone: "" })).toEqual([issue("/phone", "too_short")]);
    expect(issuesOf({ phone: 4155552671 })).toEqual([issue("/phone", "type_mismatch")]);
  });

  it("checks email with the JSON Schema email format", () => {
    expect(issuesOf({ email: "not-an-email" })).toEqual([issue("/email", "email_invalid")]);
    expect(issuesOf({ email: "a@b" })).toEqual([issue("/email", "email_invalid")]);
    expect(issuesOf({ email: `${"a".repeat(250)}@b.co` })).toEqual([issue("/email", "too_long")]);
  });
});

describe("validateLead: field rules", () => {
  const base = { phone: "4155552671" };

  it("keeps source_campaign to letters, digits, dots, dashes, underscores, 1 to 64", () => {
    expect(valid({ ...base, source_campaign: "spring-2026.open_house" }).input.source_campaign).toBeDefined();
    expect(valid({ ...base, source_campaign: "x".repeat(64) })).toBeDefined();
    expect(issuesOf({ ...base, source_campaign: "x".repeat(65) })).toEqual([
      issue("/source_campaign", "pattern_mismatch"),
    ]);
    expect(issuesOf({ ...base, source_campaign: "spring 2026" })).toEqual([
      issue("/source_campaign", "pattern_mismatch"),
    ]);
    expect(issuesOf({ ...base, source_campaign: "" })).toEqual([
      issue("/source_campaign", "pattern_mismatch"),
    ]);
  });

  it("takes price in whole dollars, not negative", () => {
    expect(valid({ ...base, price: 425000 }).input.price).toBe(425000);
    expect(issuesOf({ ...base, price: 42.5 })).toEqual([issue("/price", "type_mismatch")]);
    expect(issuesOf({ ...base, price: "425000" })).toEqual([issue("/price", "type_mismatch")]);
    expect(issuesOf({ ...base, price: -1 })).toEqual([issue("/price", "out_of_range")]);
  });

  it("takes language en or es only", () => {
    expect(valid({ ...base, language: "es" }).input.language).toBe("es");
    expect(issuesOf({ ...base, language: "fr" })).toEqual([issue("/language", "value_not_allowed")]);
  });

  it("takes IANA time zones and stores their canonical spelling", () => {
    expect(valid({ ...base, timezone: "America/Chicago" }).timezone).toBe("America/Chicago");
    expect(valid({ ...base, timezone: "america/chicago" }).timezone).toBe("America/Chicago");
    expect(issuesOf({ ...base, timezone: "Mars/Olympus" })).toEqual([issue("/timezone", "timezone_invalid")]);
    expect(issuesOf({ ...base, timezone: "+05:00" })).toEqual([issue("/timezone", "timezone_invalid")]);
  });

  it("takes a USPS state code and a US ZIP (5 digits or ZIP+4), nothing else", () => {
    expect(valid({ ...base, state: "PA", postal_code: "19104-6303" }).input).toMatchObject({
      state: "PA",
      postal_code: "19104-6303",
    });
    expect(valid({ ...base, state: "PR" }).input.state).toBe("PR");
    for (const bad of ["pa", "ZZ", "Pennsylvania", ""])
      expect(issuesOf({ ...base, state: bad })).toEqual([issue("/state", "value_not_allowed")]);
    for (const bad of ["1910", "19104-", "K1A 0B1", "191040"])
      expect(issuesOf({ ...base, postal_code: bad })).toEqual([issue("/postal_code", "pattern_mismatch")]);
  });

  it("needs date-times with a zone and a real calendar date", () => {
    expect(valid({ ...base, source_event_at: "2026-11-20T14:02:10-06:00" })).toBeDefined();
    expect(valid({ ...base, source_event_at: "2026-11-20T14:02:10.5Z" })).toBeDefined();
    for (const bad of ["2026-11-20T14:02:10", "2026-11-20", "2026-02-30T10:00:00Z", "yesterday"]) {
      expect(issuesOf({ ...base, source_event_at: bad })).toEqual([
        issue("/source_event_at", "date_time_invalid"),
      ]);
    }
  });

  it("takes context as an object of any JSON values, nothing else", () => {
    expect(valid({ ...base, context: { a: [1, { b: null }] } }).input.context).toEqual({
      a: [1, { b: null }],
    });
    expect(issuesOf({ ...base, context: [1] })).toEqual([issue("/context", "type_mismatch")]);
    expect(issuesOf({ ...base, context: "x" })).toEqual([issue("/context", "type_mismatch")]);
  });

  it("takes test as a boolean and limits text lengths", () => {
    expect(issuesOf({ ...base, test: "yes" })).toEqual([issue("/test", "type_mismatch")]);
    expect(issuesOf({ ...base, first_name: "x".repeat(201) })).toEqual([issue("/first_name", "too_long")]);
    expect(issuesOf({ ...base, platform: "" })).toEqual([issue("/platform", "too_short")]);
  });

  it("lists every field error at once", () => {
    const issues = issuesOf({ phone: "12", email: "x", price: 1.5, language: "fr", consent: {} });
    expect(issues.map((i) => i.pointer).sort()).toEqual(
      [
        "/consent/captured_at",
        "/consent/reference",
        "/consent/source",
        "/email",
        "/language",
        "/phone",
        "/price",
      ].sort(),
    );
  });

  it("ignores unknown top-level fields and lists them", () => {
    const lead = valid({ ...base, utm_campaign: "x", Phone: "y" });
    expect(lead.ignoredFields).toEqual(["utm_campaign", "Phone"]);
    expect(lead.input).not.toHaveProperty("utm_campaign");
  });
});

describe("validateLead: consent", () => {
  const base = { phone: "4155552671" };

  it("takes a complete block, null or nothing", () => {
    expect(valid({ ...base, consent }).input.consent).toEqual(consent);
    expect(valid({ ...base, consent: null }).input.consent).toBeNull();
    expect(valid(base).input.consent).toBeUndefined();
  });

  it("refuses a partial block, naming each missing or empty field", () => {
    expect(issuesOf({ ...base, consent: {} })).toEqual([
      issue("/consent/source", "consent_incomplete"),
      issue("/consent/reference", "consent_incomplete"),
      issue("/consent/captured_at", "consent_incomplete"),
    ]);
    expect(issuesOf({ ...base, consent: { ...consent, reference: "" } })).toEqual([
      issue("/consent/reference", "consent_incomplete"),
    ]);
    expect(issuesOf({ ...base, consent: { ...consent, source: 7 } })).toEqual([
      issue("/consent/source", "consent_incomplete"),
    ]);
    expect(issuesOf({ ...base, consent: "yes" })).toEqual([issue("/consent", "type_mismatch")]);
  });

  it("needs captured_at as a date-time with a zone", () => {
    expect(issuesOf({ ...base, consent: { ...consent, captured_at: "2026-11-20T19:59:00" } })).toEqual([
      issue("/consent/captured_at", "date_time_invalid"),
    ]);
  });

  it("refuses captured_at more than 60 seconds after the server's clock", () => {
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
    expect(valid({ ...base, consent: { ...consent, captured_at: at(60) } })).toBeDefined();
    expect(issuesOf({ ...base, consent: { ...consent, captured_at: at(61) } })).toEqual([
      issue("/consent/captured_at", "consent_in_future"),
    ]);
  });
});

describe("validateLead: idempotency key", () => {
  const base = { phone: "4155552671" };

  it("comes from the body or the Idempotency-Key header", () => {
    expect(valid({ ...base, idempotency_key: "k-1" }).idempotencyKey).toBe("k-1");
    expect(valid(base, "k-2").idempotencyKey).toBe("k-2");
    expect(valid({ ...base, idempotency_key: "k-3" }, "k-3").idempotencyKey).toBe("k-3");
    expect(valid(base).idempotencyKey).toBeUndefined();
  });

  it("refuses both present and different with idempotency_key_mismatch", () => {
    expect(validateLead({ ...base, idempotency_key: "a" }, "b", now)).toEqual({
      ok: false,
      code: "idempotency_key_mismatch",
    });
  });

  it("allows 1 to 255 visible ASCII characters, in the body or the header", () => {
    expect(valid({ ...base, idempotency_key: "k".repeat(255) })).toBeDefined();
    expect(issuesOf({ ...base, idempotency_key: "k".repeat(256) })).toEqual([
      issue("/idempotency_key", "pattern_mismatch"),
    ]);
    expect(issuesOf({ ...base, idempotency_key: "has space" })).toEqual([
      issue("/idempotency_key", "pattern_mismatch"),
    ]);
    expect(issuesOf(base, "has space")).toEqual([issue("/idempotency_key", "pattern_mismatch")]);
    expect(issuesOf(base, "")).toEqual([issue("/idempotency_key", "pattern_mismatch")]);
  });
});

describe("validateLead: what storage cannot hold", () => {
  it("refuses NUL characters and lone surrogates in stored fields, in values or keys", () => {
    expect(issuesOf({ phone: "4155552671", first_name: "A\u0000" })).toEqual([
      issue("/first_name", "pattern_mismatch"),
    ]);
    expect(issuesOf({ phone: "4155552671", context: { "\u0000": 1 } })).toEqual([
      issue("/context", "pattern_mismatch"),
    ]);
    expect(issuesOf({ phone: "4155552671", context: { a: ["\ud800"] } })).toEqual([
      issue("/context", "pattern_mismatch"),
    ]);
    expect(valid({ phone: "4155552671", first_name: "Ana 😀", unknown: "\u0000" }).ignoredFields).toEqual([
      "unknown",
    ]);
  });

  const nested = (depth: number) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`);

  it("refuses JSON nested deeper than 32 levels in any field, known or not", () => {
    expect(valid({ phone: "4155552671", context: { a: nested(31) } })).toBeDefined();
    expect(issuesOf({ phone: "4155552671", context: { a: nested(32) } })).toEqual([
      issue("/context", "too_long"),
    ]);
    expect(issuesOf({ phone: "4155552671", "odd/name": nested(10_000) })).toEqual([
      issue("/odd~1name", "too_long"),
    ]);
    const consent = { source: "f", reference: "r", captured_at: "2026-11-20T19:59:00Z", extra: nested(40) };
    expect(issuesOf({ phone: "4155552671", consent })).toEqual([issue("/consent", "too_long")]);
  });
});

describe("validateLead: lengths", () => {
  it("counts characters as JSON Schema does, not UTF-16 units", () => {
    expect(valid({ phone: "4155552671", first_name: "😀".repeat(200) }).input.first_name).toHaveLength(400);
    expect(issuesOf({ phone: "4155552671", first_name: "😀".repeat(201) })).toEqual([
      issue("/first_name", "too_long"),
    ]);
  });
});
