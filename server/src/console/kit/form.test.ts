// A form body is read up to its limit only, with or without Content-Length.
import { describe, expect, it } from "vitest";
import { readForm } from "./form.ts";

/** A chunked body that sends `bytes` of form data and then never ends, as a slow attacker would. */
function endlessBody(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return new Promise(() => {}); // never another chunk, never the end
      const chunk = new TextEncoder().encode(`a=${"x".repeat(1022)}&`);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

const post = (type: string, body: BodyInit | ReadableStream<Uint8Array>) =>
  new Request("http://localhost/console/sign-in", {
    method: "POST",
    headers: { "content-type": type },
    body,
    duplex: "half",
  } as RequestInit);

describe("readForm", () => {
  it("reads a urlencoded form", async () => {
    const form = await readForm(post("application/x-www-form-urlencoded", "email=a%40b.example&password=x"));
    expect(form.get("email")).toBe("a@b.example");
  });

  it("gives up on a urlencoded body past 16 KiB without waiting for its end", async () => {
    const form = await readForm(post("application/x-www-form-urlencoded", endlessBody(64 * 1024)));
    expect([...form.keys()]).toEqual([]);
  });

  it("gives up on a multipart body past its limit without waiting for its end", async () => {
    const form = await readForm(post("multipart/form-data; boundary=b", endlessBody(9 * 1024 * 1024)), {
      upload: true,
    });
    expect([...form.keys()]).toEqual([]);
  });

  it("reads a multipart upload's file as text", async () => {
    const data = new FormData();
    data.append("_csrf", "t");
    data.append("file", new File(["phone\n4155552671\n"], "numbers.csv", { type: "text/csv" }));
    const request = () => new Request("http://localhost/x", { method: "POST", body: data });
    const form = await readForm(request(), { upload: true });
    expect(form.get("_csrf")).toBe("t");
    expect(form.get("file")).toBe("phone\n4155552671\n");
    // A route that takes no file reads no multipart body: no fields, so no CSRF token, so 403.
    expect([...(await readForm(request())).keys()]).toEqual([]);
  });
});
