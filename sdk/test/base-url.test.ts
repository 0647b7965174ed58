// baseUrl is checked when the client is made: what fetch would refuse, or what would build a wrong URL, is a
// TypeError at once, never a retried network error, and a password in it is never repeated.
import { describe, expect, it } from "vitest";
import { createLeadClient } from "../src/index";
import { accepted, sampleLead, scriptedFetch } from "./scripted-fetch";

describe("baseUrl", () => {
  it("with a user and password: a TypeError at once that does not repeat the password", () => {
    const { fetch, requests } = scriptedFetch(accepted());
    let error: unknown;
    try {
      createLeadClient({ baseUrl: "https://me:hunter2@leads.example.com", token: "stl_ch_x", fetch });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error)).toMatch(/user or password/);
    expect(String(error)).not.toContain("hunter2");
    expect(requests).toHaveLength(0);
  });

  it("a password in a string that is no http(s) URL is not repeated either", () => {
    for (const baseUrl of ["me:hunter2@leads.example.com", "ftp://me:hunter2@leads.example.com/?x"]) {
      expect(() => createLeadClient({ baseUrl, token: "stl_ch_x" })).toThrow(TypeError);
      expect(() => createLeadClient({ baseUrl, token: "stl_ch_x" })).not.toThrow(/hunter2/);
    }
  });

  it.each([
    "https://leads.example.com/?tenant=a",
    "https://leads.example.com?x",
    "https://leads.example.com/#top",
  ])("with a query or a fragment (%s): a TypeError, never a wrong URL", (baseUrl) => {
    expect(() => createLeadClient({ baseUrl, token: "stl_ch_x" })).toThrow(/no query or fragment/);
  });

  it("a path prefix is kept, its trailing slash dropped", async () => {
    const { fetch, requests } = scriptedFetch(accepted());
    await createLeadClient({ baseUrl: "https://gw.example.com/stl/", token: "stl_ch_x", fetch }).postLead(
      sampleLead,
    );
    expect(requests[0]?.url).toBe("https://gw.example.com/stl/api/speed-to-lead/channel-inbound.php");
  });
});
