// problemResponse: a wait is told three ways (Retry-After, Retry-After-Ms, X-Should-Retry), so any client can honour it.
import { describe, expect, it } from "vitest";
import type { RequestState } from "./request-state.ts";
import { problemResponse } from "./respond.ts";

const state = (): RequestState => ({
  requestId: "req_1",
  startedAt: 0,
  language: "en",
  status: 200,
  extraHeaders: {},
});

describe("problemResponse's retry hints", () => {
  it("a wait sets Retry-After in seconds, Retry-After-Ms in milliseconds and X-Should-Retry: true", () => {
    const response = problemResponse(state(), "rate_limited", { retryAfterSeconds: 2 });
    expect(response.status).toBe(429);
    expect([
      response.headers.get("retry-after"),
      response.headers.get("retry-after-ms"),
      response.headers.get("x-should-retry"),
    ]).toEqual(["2", "2000", "true"]);
  });

  it("no wait, no hints: the server says nothing it does not know", () => {
    const response = problemResponse(state(), "validation_failed");
    expect(response.headers.get("retry-after-ms")).toBeNull();
    expect(response.headers.get("x-should-retry")).toBeNull();
  });
});
