// The server's string formats must agree with ajv-formats, which validates the OpenAPI document elsewhere.

import { FormatRegistry } from "@sinclair/typebox";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { registerFormats } from "./formats.ts";

registerFormats();
const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
const ajvAccepts = (format: string, value: string) =>
  ajv.validate({ type: "string", format }, value) as boolean;

describe("string formats", () => {
  it("date-time: agrees with ajv-formats and requires a zone", () => {
    const samples = [
      "2026-11-20T14:02:10Z",
      "2026-11-20t14:02:10z",
      "2026-11-20T14:02:10.123+05:30",
      "2026-11-20T14:02:10-06:00",
      "2026-11-20T14:02:10",
      "2026-11-20",
      "2026-02-29T00:00:00Z",
      "2028-02-29T00:00:00Z",
      "2026-13-01T00:00:00Z",
      "2026-11-20T24:00:00Z",
      "2026-11-20T23:59:60Z",
      "2026-11-20T14:02:10+25:00",
    ];
    for (const sample of samples) {
      expect(FormatRegistry.Get("date-time")!(sample), sample).toBe(ajvAccepts("date-time", sample));
    }
    expect(FormatRegistry.Get("date-time")!("2026-11-20T14:02:10")).toBe(false);
  });

  it("email: agrees with ajv-formats", () => {
    const samples = [
      "ana@example.com",
      "a.b+c@sub.example.co",
      "a@b",
      "a@@b.co",
      "a b@c.co",
      "ana@-x.com",
      "ünï@x.com",
    ];
    for (const sample of samples) {
      expect(FormatRegistry.Get("email")!(sample), sample).toBe(ajvAccepts("email", sample));
    }
  });

  it("uuid and uri: accept what the server emits", () => {
    expect(FormatRegistry.Get("uuid")!(Bun.randomUUIDv7())).toBe(true);
    expect(FormatRegistry.Get("uri")!("urn:speed-to-lead:problem:not_found")).toBe(
      ajvAccepts("uri", "urn:speed-to-lead:problem:not_found"),
    );
  });
});
