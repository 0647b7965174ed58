import { describe, expect, it } from "vitest";
import { preferredLanguage } from "./language.ts";

describe("preferredLanguage", () => {
  it("is Spanish when Accept-Language prefers es, English otherwise", () => {
    expect(preferredLanguage("es")).toBe("es");
    expect(preferredLanguage("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(preferredLanguage("en-US,es;q=0.5")).toBe("en");
    expect(preferredLanguage("fr,es;q=0.3")).toBe("es");
    expect(preferredLanguage("es;q=0.2,en;q=0.9")).toBe("en");
    expect(preferredLanguage("fr")).toBe("en");
    expect(preferredLanguage("es;q=0")).toBe("en");
    expect(preferredLanguage(null)).toBe("en");
  });
});
