import { describe, expect, it } from "vitest";
import { tokenFromHeaders } from "./sender-gate.ts";

const from = (headers: Record<string, string>) => tokenFromHeaders(new Headers(headers));

describe("tokenFromHeaders", () => {
  it("reads Authorization: Bearer, any case of the scheme", () => {
    expect(from({ authorization: "Bearer stl_ch_a" })).toEqual({ ok: true, token: "stl_ch_a" });
    expect(from({ authorization: "bearer   stl_ch_a " })).toEqual({ ok: true, token: "stl_ch_a" });
  });

  it("reads X-STL-Channel-Token when Authorization is absent or not Bearer", () => {
    expect(from({ "x-stl-channel-token": "stl_ch_b" })).toEqual({ ok: true, token: "stl_ch_b" });
    expect(from({ authorization: "Basic dXNlcjpwYXNz", "x-stl-channel-token": "stl_ch_b" })).toEqual({
      ok: true,
      token: "stl_ch_b",
    });
  });

  it("accepts the same token in both headers and refuses two different ones", () => {
    expect(from({ authorization: "Bearer stl_ch_a", "x-stl-channel-token": "stl_ch_a" })).toEqual({
      ok: true,
      token: "stl_ch_a",
    });
    expect(from({ authorization: "Bearer stl_ch_a", "x-stl-channel-token": "stl_ch_b" })).toEqual({
      ok: false,
      code: "token_conflict",
    });
  });

  it("reports a missing token, including an empty Bearer or a non-Bearer Authorization alone", () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: "Bearer" },
      { authorization: "Bearer  " },
      { authorization: "Basic x" },
      { "x-stl-channel-token": " " },
    ];
    for (const headers of cases) {
      expect(from(headers)).toEqual({ ok: false, code: "token_missing" });
    }
  });
});
