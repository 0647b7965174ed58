// The request log through a real server process: posts from a real client address are listed to the token by the
// SDK once the writer's timer flushed them, without a phone, email or name; entries still in memory at SIGTERM are
// written before the process exits.
import { createLeadClient, listRequests } from "@speed-to-lead/sdk";
import { LEAD_INTAKE_PATH, REQUESTS_PATH } from "@speed-to-lead/spec";
import { describe, expect, it } from "vitest";
import { useLeadServer } from "../harness/lead-server-fixture.ts";
import { fetchFrom } from "../harness/local-address-fetch.ts";
import { expectConformant } from "../harness/openapi-conformance.ts";
import { startServerProcess } from "../harness/server-process.ts";

const lead = (email: string) => ({
  phone: "(415) 555-0199",
  email,
  first_name: "Marisol",
  last_name: "Etxeberria",
  consent: { source: "webform:/contact", reference: "sub_1", captured_at: new Date().toISOString() },
});

describe("the request log of a real server", () => {
  const server = useLeadServer("pglite", { tokens: { sender: "acme", other: "acme" } });

  const post = (address: string, token: string, body: unknown) =>
    fetchFrom(address)(
      new Request(`${server.baseUrl}${LEAD_INTAKE_PATH}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  const clientOf = (token: string, baseUrl = server.baseUrl) => createLeadClient({ baseUrl, token });

  /** The token's POST rows, polled until `count` are there (the writer flushes within a second). */
  async function postsOf(token: string, count: number, baseUrl = server.baseUrl) {
    for (let waited = 0; ; waited += 100) {
      const page = await listRequests(clientOf(token, baseUrl), { limit: 100 });
      const posts = page.requests.filter((row) => row.method === "POST");
      if (posts.length >= count || waited > 10_000) return posts;
      await Bun.sleep(100);
    }
  }

  it("lists a token's posts with their client address, status and pointers, never their values", async () => {
    const { sender, other } = server.tokens;
    expect((await post("127.0.0.2", sender.token, lead("marisol@example.com"))).status).toBe(201);
    expect((await post("127.0.0.2", sender.token, lead("not-an-email"))).status).toBe(422);
    expect((await post("127.0.0.3", other.token, lead("other@example.com"))).status).toBe(201);
    const posts = await postsOf(sender.token, 2);
    expect(posts.map((row) => [row.status, row.problem_code, row.client_address])).toEqual([
      [422, "validation_failed", "127.0.0.2"],
      [201, null, "127.0.0.2"],
    ]);
    expect(posts[0]!.pointers).toEqual(["/email"]);
    const text = JSON.stringify(posts);
    for (const value of ["555-0199", "5550199", "marisol", "Marisol", "Etxeberria", "example.com"])
      expect(text).not.toContain(value);
    expect(text).not.toContain("127.0.0.3");

    // The answers as spec/openapi.json describes them: a page, a 400 and an intake token's 403.
    const get = (query: string) =>
      fetch(`${server.baseUrl}${REQUESTS_PATH}${query}`, {
        headers: { authorization: `Bearer ${sender.token}` },
      });
    expect(
      (await expectConformant(await get("?status=4xx&limit=1"), "listRequests")).body.requests,
    ).toHaveLength(1);
    expect((await expectConformant(await get("?limit=0"), "listRequests")).status).toBe(400);
  });

  it("writes what is still in memory when the server is stopped with SIGTERM", async () => {
    const { sender } = server.tokens;
    const before = (await postsOf(sender.token, 0)).length;
    for (let i = 0; i < 5; i++)
      expect((await post("127.0.0.2", sender.token, lead(`late${i}@example.com`))).status).toBe(201);
    // At once, well within the writer's one-second timer.
    const first = server.processes[0]!;
    expect(await first.stop("SIGTERM", 10_000)).toBe(0);

    const again = await startServerProcess({ databaseEnv: server.database.env });
    server.processes.push(again);

    expect(await postsOf(sender.token, before + 5, again.baseUrl)).toHaveLength(before + 5);
  });
});
