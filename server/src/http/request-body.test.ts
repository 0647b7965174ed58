import { describe, expect, it } from "vitest";
import { isJsonMediaType, parseJsonObject, readCappedBody } from "./request-body.ts";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", { method: "POST", body, headers });

describe("request body", () => {
  it("accepts application/json with an optional UTF-8 charset", () => {
    expect(isJsonMediaType("application/json")).toBe(true);
    expect(isJsonMediaType("Application/JSON; charset=UTF-8")).toBe(true);
    expect(isJsonMediaType('application/json;charset="utf-8"')).toBe(true);
    expect(isJsonMediaType("application/json; charset=iso-8859-1")).toBe(false);
    expect(isJsonMediaType("text/plain")).toBe(false);
    expect(isJsonMediaType("application/x-www-form-urlencoded")).toBe(false);
    expect(isJsonMediaType("application/problem+json")).toBe(false);
    expect(isJsonMediaType(null)).toBe(false);
  });

  it("refuses a declared length over the limit without reading", async () => {
    const request = post("{}", { "content-length": "65537" });
    expect(await readCappedBody(request, 65536)).toBeUndefined();
    expect(request.bodyUsed).toBe(false);
  });

  it("stops reading a streamed body as soon as it passes the limit", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(16 * 1024));
        if (pulled > 100) controller.close();
      },
    });
    expect(await readCappedBody(post(stream), 64 * 1024)).toBeUndefined();
    expect(pulled).toBeLessThan(10);
    expect((await readCappedBody(post("x".repeat(64 * 1024)), 64 * 1024))?.byteLength).toBe(64 * 1024);
  });

  it("parses JSON objects only, and refuses invalid UTF-8", () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(parseJsonObject(bytes('{"a":1}'))).toEqual({ a: 1 });
    for (const text of ["[1]", "null", "1", '"x"', "{bad", ""])
      expect(parseJsonObject(bytes(text))).toBeUndefined();
    expect(parseJsonObject(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]))).toBeUndefined();
  });
});
