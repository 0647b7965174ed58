// The bot-check verifier against scripted siteverify answers: it fails closed on every answer but a success.
import { describe, expect, it } from "vitest";
import { createBotCheckVerifier } from "./bot-check.ts";

function provider(answer: () => Response | Promise<Response>) {
  const sent: URLSearchParams[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    sent.push(new URLSearchParams(init.body as URLSearchParams));
    return await answer();
  }) as unknown as typeof globalThis.fetch;
  return { sent, fetch };
}

describe("createBotCheckVerifier", () => {
  it("passes only the provider's success, sending the secret, the token and the client's address", async () => {
    const ok = provider(() => Response.json({ success: true }));
    const verifier = createBotCheckVerifier({ secret: "s", fetch: ok.fetch });
    expect(await verifier.verify("tok", "203.0.113.7")).toEqual({ passed: true });
    expect(Object.fromEntries(ok.sent[0]!)).toEqual({
      secret: "s",
      response: "tok",
      remoteip: "203.0.113.7",
    });
    const refused = provider(() =>
      Response.json({ success: false, "error-codes": ["timeout-or-duplicate"] }),
    );
    expect(
      await createBotCheckVerifier({ secret: "s", fetch: refused.fetch }).verify("tok", undefined),
    ).toEqual({
      passed: false,
      reason: "failed",
    });
  });

  it("fails closed: no token, no secret, a token too long, an error status, a body too large or not JSON, no answer in time", async () => {
    const never = provider(() => Response.json({ success: true }));
    const withSecret = createBotCheckVerifier({ secret: "s", fetch: never.fetch });
    expect(await withSecret.verify(null, undefined)).toEqual({ passed: false, reason: "missing" });
    expect(await withSecret.verify("  ", undefined)).toEqual({ passed: false, reason: "missing" });
    expect(await withSecret.verify("x".repeat(5_000), undefined)).toEqual({
      passed: false,
      reason: "failed",
    });
    expect(
      await createBotCheckVerifier({ secret: undefined, fetch: never.fetch }).verify("t", undefined),
    ).toEqual({
      passed: false,
      reason: "failed",
    });
    expect(never.sent).toHaveLength(0);
    const answers = [
      () => Response.json({ success: true }, { status: 500 }),
      () => new Response(`{"success":true,"pad":"${"x".repeat(20_000)}"}`),
      () => new Response("<html>"),
      () => new Promise<Response>(() => {}),
    ];
    for (const answer of answers) {
      const { fetch } = provider(answer);
      const verifier = createBotCheckVerifier({ secret: "s", fetch, timeoutMs: 50 });
      expect(await verifier.verify("t", undefined)).toEqual({ passed: false, reason: "failed" });
    }
  });
});
