// The destination check: every spelling of loopback, private, link-local, CGNAT and metadata addresses is refused.
import { describe, expect, it } from "vitest";
import { checkDestination, isPublicAddress } from "./public-destination.ts";

const refusedUrls = [
  "http://127.0.0.1/hook",
  "http://2130706433/hook", // decimal
  "http://0177.0.0.1/hook", // octal
  "http://0x7f.0.0.1/hook", // hex
  "http://0x7f000001/hook",
  "http://127.1/hook",
  "http://[::1]/hook",
  "http://[::ffff:127.0.0.1]/hook", // IPv4-mapped
  "http://[::ffff:7f00:1]/hook",
  "http://[0:0:0:0:0:ffff:127.0.0.1]/hook",
  "http://[::127.0.0.1]/hook", // IPv4-compatible
  "http://10.1.2.3/hook",
  "http://172.16.0.1/hook",
  "http://192.168.1.1/hook",
  "http://100.64.0.1/hook", // CGNAT
  "http://169.254.169.254/latest/meta-data", // cloud metadata
  "http://[fd00:ec2::254]/hook",
  "http://[fe80::1]/hook",
  "http://0.0.0.0/hook",
  "http://0/hook",
  "http://[::]/hook",
  "https://[::ffff:a9fe:a9fe]/hook", // 169.254.169.254, mapped
];

describe("checkDestination", () => {
  it.each(refusedUrls)("refuses %s", async (url) => {
    expect((await checkDestination(url, { allowPrivate: false })).ok).toBe(false);
  });

  it("accepts a public address, and a private one when CALLBACK_ALLOW_PRIVATE allows it", async () => {
    expect(await checkDestination("https://93.184.215.14/hook", { allowPrivate: false })).toEqual({
      ok: true,
      addresses: ["93.184.215.14"],
    });
    expect((await checkDestination("http://127.0.0.1:4000/hook", { allowPrivate: true })).ok).toBe(true);
  });

  it("resolves a name and refuses it when any of its addresses is not public (DNS pointing inside)", async () => {
    const resolve = async (host: string) =>
      host === "mixed.example"
        ? ["93.184.215.14", "10.0.0.7"]
        : host === "good.example"
          ? ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"]
          : [];
    expect((await checkDestination("https://mixed.example/x", { allowPrivate: false, resolve })).ok).toBe(
      false,
    );
    expect((await checkDestination("https://good.example/x", { allowPrivate: false, resolve })).ok).toBe(
      true,
    );
    expect(await checkDestination("https://none.example/x", { allowPrivate: false, resolve })).toMatchObject({
      ok: false,
      code: "unresolved",
      host: "none.example",
      reason: "none.example does not resolve",
    });
    expect(await checkDestination("https://mixed.example/x", { allowPrivate: false, resolve })).toMatchObject(
      {
        code: "not_public",
        host: "mixed.example",
        address: "10.0.0.7",
      },
    );
  });

  it("refuses what is not an http(s) URL, and credentials in it", async () => {
    for (const url of [
      "file:///etc/passwd",
      "gopher://93.184.215.14/",
      "not a url",
      "https://u:p@93.184.215.14/",
    ])
      expect((await checkDestination(url, { allowPrivate: true })).ok).toBe(false);
  });

  it("judges bare addresses", () => {
    expect([
      isPublicAddress("8.8.8.8"),
      isPublicAddress("::ffff:8.8.8.8"),
      isPublicAddress("::ffff:10.0.0.1"),
    ]).toEqual([true, true, false]);
  });
});
