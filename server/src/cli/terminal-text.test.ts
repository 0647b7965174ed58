import { describe, expect, it } from "vitest";
import { terminalText } from "./terminal-text.ts";

describe("text for a terminal", () => {
  it("escapes escape sequences, newlines, C1 controls and bidi overrides, and leaves the rest", () => {
    expect(terminalText("Web\u001b[2J\u001b]0;pwned\u0007form")).toBe(
      "Web\\u001b[2J\\u001b]0;pwned\\u0007form",
    );
    expect(terminalText("a\r\nb\u009bc\u202ed")).toBe("a\\u000d\\u000ab\\u009bc\\u202ed");
    expect(terminalText("Formulario web — ñandú")).toBe("Formulario web — ñandú");
  });

  it("keeps JSON lines valid and equal in value", () => {
    const line = JSON.stringify({ name: "x\u009b\u001by" });
    expect(JSON.parse(terminalText(line))).toEqual({ name: "x\u009b\u001by" });
  });
});
