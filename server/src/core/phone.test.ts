import { describe, expect, it } from "vitest";
import { normalizeUsPhone, parseUsPhone } from "./phone.ts";

describe("normalizeUsPhone", () => {
  it("stores common US formats as E.164 and drops an extension", () => {
    for (const input of [
      "(415) 555-2671",
      "+1 415 555 2671",
      "1-415-555-2671",
      "415.555.2671",
      "4155552671",
    ]) {
      expect(normalizeUsPhone(input)).toEqual({ ok: true, e164: "+14155552671" });
    }
    expect(normalizeUsPhone("415-555-2671 x123")).toEqual({ ok: true, e164: "+14155552671" });
  });

  it("accepts the US territories that share +1", () => {
    expect(normalizeUsPhone("+1 787 555 0123")).toEqual({ ok: true, e164: "+17875550123" }); // Puerto Rico
    expect(normalizeUsPhone("+1 671 555 0123")).toEqual({ ok: true, e164: "+16715550123" }); // Guam
    expect(normalizeUsPhone("+1 340 555 0123")).toEqual({ ok: true, e164: "+13405550123" }); // US Virgin Islands
    expect(normalizeUsPhone("+1 670 555 0123")).toEqual({ ok: true, e164: "+16705550123" }); // Northern Mariana Islands
    expect(normalizeUsPhone("+1 684 633 1234")).toEqual({ ok: true, e164: "+16846331234" }); // American Samoa
  });

  it("refuses Canada, the Caribbean +1 countries and other countries as phone_not_us", () => {
    expect(normalizeUsPhone("+1 604 555 0199")).toEqual({ ok: false, code: "phone_not_us" }); // Vancouver
    expect(normalizeUsPhone("604-555-0199")).toEqual({ ok: false, code: "phone_not_us" }); // national form, still CA
    expect(normalizeUsPhone("+1 876 555 0123")).toEqual({ ok: false, code: "phone_not_us" }); // Jamaica
    expect(normalizeUsPhone("+44 20 7946 0958")).toEqual({ ok: false, code: "phone_not_us" });
  });

  it("refuses what is not a phone number as phone_invalid", () => {
    for (const input of ["12", "abc", "555-555-5555", "+1 555 123 4567", "415-555-26710000"]) {
      expect(normalizeUsPhone(input)).toEqual({ ok: false, code: "phone_invalid" });
    }
  });
});

describe("normalizeUsPhone's E.164 fast path", () => {
  it("answers exactly as the library's full parse, for every area code and many numbers", () => {
    const lines = ["2000000", "2015550", "5550100", "5550199", "5551234", "9999999", "0000000", "1234567"];
    const inputs: string[] = [];
    for (let area = 200; area <= 999; area++) for (const line of lines) inputs.push(`+1${area}${line}`);
    // Random E.164-shaped numbers, seeded so a failure can be replayed.
    let seed = 20261122;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 5000; i++) inputs.push(`+1${String(Math.floor(2e9 + random() * 8e9))}`);
    const differing = inputs.filter(
      (input) => JSON.stringify(normalizeUsPhone(input)) !== JSON.stringify(parseUsPhone(input)),
    );
    expect(differing).toEqual([]);
    // The sample holds valid US numbers, other +1 countries and invalid numbers alike.
    const codes = new Set(
      inputs.map((input) => {
        const r = normalizeUsPhone(input);
        return r.ok ? "ok" : r.code;
      }),
    );
    expect(codes).toEqual(new Set(["ok", "phone_not_us", "phone_invalid"]));
  });
});
