// listRequests: the query goes out as the spec names it, the page comes back with its cursor, refusals are typed.
import { describe, expect, it } from "vitest";
import { BadRequestError, createLeadClient, listRequests, PermissionDeniedError } from "../src/index";
import { problem, scriptedFetch } from "./scripted-fetch";

const baseUrl = "http://lead-intake.test";
const clientWith = (fetch: (request: Request) => Promise<Response>) =>
  createLeadClient({ baseUrl, token: "stl_ch_test", fetch, maxRetries: 0 });

const row = {
  id: "42",
  at: "2026-11-28T10:00:00.000Z",
  method: "POST",
  path: "/api/speed-to-lead/channel-inbound.php",
  status: 422,
  problem_code: "validation_failed",
  pointers: ["/email"],
  latency_ms: 3.2,
  dry_run: false,
  replayed: false,
  client_address: "203.0.113.7",
  request_id: "req_1",
  body: [{ pointer: "/email", kind: "string", length: 12 }],
};

describe("listRequests", () => {
  it("sends the filters and cursor as query parameters and resolves the page with its next cursor", async () => {
    const { fetch, requests } = scriptedFetch(
      Response.json({ requests: [row], next_cursor: "41" }, { headers: { "X-Request-Id": "req_list" } }),
      Response.json({ requests: [], next_cursor: null }),
    );
    const client = clientWith(fetch);
    const page = await listRequests(client, { status: "4xx", problemCode: "validation_failed", limit: 1 });
    expect(page).toEqual({ requests: [row], nextCursor: "41", requestId: "req_list", attempts: 1 });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe("/api/speed-to-lead/requests");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: "4xx",
      problem_code: "validation_failed",
      limit: "1",
    });
    expect(requests[0]!.method).toBe("GET");
    const last = await listRequests(client, { cursor: page.nextCursor });
    expect(new URL(requests[1]!.url).search).toBe("?cursor=41");
    expect(last.nextCursor).toBeUndefined();
  });

  it("rejects a bad query with a BadRequestError and an intake-only token with a PermissionDeniedError", async () => {
    const { fetch } = scriptedFetch(problem(400, "request_query_invalid"), problem(403, "token_intake_only"));
    const client = clientWith(fetch);
    const bad = await listRequests(client, { limit: 1000 }).catch((error) => error);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(bad.code).toBe("request_query_invalid");
    expect(await listRequests(client).catch((error) => error)).toBeInstanceOf(PermissionDeniedError);
  });
});
