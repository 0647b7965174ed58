import { describe, expect, it } from "vitest";
import { consolePathOrNull } from "./navigation.ts";

describe("the page to return to", () => {
  it.each(["/console", "/console/inbox/01a2?x=1", "/console?next=1", "/console/sign-in?signed-out=1"])(
    "keeps the console path %j",
    (path) => expect(consolePathOrNull(path)).toBe(path),
  );

  it.each([
    null,
    "",
    "https://evil.example/console",
    "//evil.example/console",
    "/\\evil.example",
    "/console\\@evil.example",
    "/consoleevil",
    "/api/speed-to-lead/x",
    "/console/ inbox",
    "javascript:alert(1)",
  ])("refuses %j (another site, or not the console)", (path) => expect(consolePathOrNull(path)).toBeNull());
});
