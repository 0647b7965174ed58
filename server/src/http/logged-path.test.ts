import { describe, expect, it } from "vitest";
import { loggedPath } from "./logged-path.ts";

describe("paths in the logs", () => {
  it("masks a sign-in link's secret and any phone number, however it is written", () => {
    expect(loggedPath("/console/link/Xq3abc")).toBe("/console/link/:link");
    expect(loggedPath("/console/do-not-call/14155552671/remove")).toBe("/console/do-not-call/:phone/remove");
    expect(loggedPath("/console/do-not-call/%2B1%20(415)%20555-2671/remove")).toBe(
      "/console/do-not-call/:phone/remove",
    );
  });

  it("leaves ids, short numbers and words alone", () => {
    const id = "/console/inbox/leads/01a1fff5-382e-752a-b378-6e4cd8eaf740";
    expect(loggedPath(id)).toBe(id);
    expect(loggedPath("/api/v1/2026/page/3")).toBe("/api/v1/2026/page/3");
    expect(loggedPath("/console/%zz")).toBe("/console/%zz");
  });
});
