// The conformance check itself: it passes the spec's own examples and catches each kind of drift.
import openapi from "@speed-to-lead/spec/openapi.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { conformanceViolations, expectConformant } from "./openapi-conformance.ts";

const responses = (openapi.paths as any)["/api/speed-to-lead/channel-inbound.php"].post.responses;
const exampleOf = (status: string, name: string) => {
  const content = responses[status].content;
  const media = content["application/json"] ?? content["application/problem+json"];
  return media.examples[name].value;
};

function snapshot(status: number, body: unknown, headers: Record<string, string> = {}) {
  const contentType = status < 300 ? "application/json" : "application/problem+json";
  const requestId = (body as { request_id?: string }).request_id ?? "req_1";
  return {
    status,
    headers: new Headers({ "Content-Type": contentType, "X-Request-Id": requestId, ...headers }),
    text: JSON.stringify(body),
  };
}

const violationsOf = (...args: Parameters<typeof conformanceViolations>) =>
  conformanceViolations(...args).violations;

describe("conformanceViolations", () => {
  it("accepts the spec's own 201 example and a documented 401", () => {
    expect(violationsOf(snapshot(201, exampleOf("201", "created")), "postLead")).toEqual([]);
    const unauthorized = snapshot(401, exampleOf("401", "token_missing"), { "WWW-Authenticate": "Bearer" });
    expect(violationsOf(unauthorized, "postLead")).toEqual([]);
  });

  it("refuses a status the operation does not list", () => {
    const notFound = snapshot(404, { ...exampleOf("400", "invalid_json"), status: 404, code: "not_found" });
    expect(violationsOf(notFound, "postLead")).toEqual([
      expect.stringMatching(/status 404 is not documented/),
    ]);
  });

  it("refuses a missing promised header: WWW-Authenticate on 401, Retry-After on 429", () => {
    expect(violationsOf(snapshot(401, exampleOf("401", "token_invalid")), "postLead")).toEqual([
      "missing header WWW-Authenticate on 401",
    ]);
    const limited = snapshot(429, exampleOf("429", "rate_limited"), {
      "RateLimit-Limit": "50",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "1",
    });
    expect(violationsOf(limited, "postLead")).toEqual(["missing header Retry-After on 429"]);
  });

  it("refuses a header that breaks its schema, and replay headers where they do not belong", () => {
    const limited = snapshot(429, exampleOf("429", "rate_limited"), {
      "Retry-After": "soon",
      "RateLimit-Limit": "50",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "1",
    });
    expect(violationsOf(limited, "postLead")).toEqual([expect.stringMatching(/^header Retry-After/)]);
    const created = snapshot(201, exampleOf("201", "created"), { "Idempotent-Replayed": "true" });
    expect(violationsOf(created, "postLead", { replayed: false })).toEqual([
      "a first response must not carry Idempotent-Replayed, got true",
    ]);
    expect(violationsOf(snapshot(201, exampleOf("201", "created")), "postLead", { replayed: true })).toEqual([
      "a replay must carry Idempotent-Replayed: true, got null",
    ]);
  });

  it("refuses a wrong content type and a body that breaks the schema", () => {
    const plain = snapshot(201, exampleOf("201", "created"));
    plain.headers.set("Content-Type", "text/plain");
    expect(violationsOf(plain, "postLead")).toEqual([expect.stringMatching(/content type text\/plain/)]);
    const badPhone = exampleOf("201", "created");
    const broken = { ...badPhone, lead: { ...badPhone.lead, phone: "(415) 555-2671" } };
    expect(violationsOf(snapshot(201, broken), "postLead")).toEqual([
      expect.stringMatching(/body does not match the 201 schema: .*phone/),
    ]);
  });

  it("refuses a problem whose status, code or type disagree with the HTTP status", () => {
    const mislabelled = snapshot(422, exampleOf("400", "invalid_json"));
    expect(violationsOf(mislabelled, "postLead")).toEqual([
      "problem status 400 differs from HTTP 422",
      "problem code invalid_json belongs to status 400",
    ]);
    const wrongType = snapshot(400, { ...exampleOf("400", "invalid_json"), type: "about:blank" });
    expect(violationsOf(wrongType, "postLead")).toEqual([
      "problem type about:blank is not urn:speed-to-lead:problem:invalid_json",
    ]);
  });

  it("refuses created: true on a 200", () => {
    expect(violationsOf(snapshot(200, exampleOf("201", "created")), "postLead")).toEqual([
      "created: true on 200 (201 means created, 200 a repeat)",
    ]);
  });

  it("reads a real Response once and hands back its parsed body", async () => {
    const response = new Response(JSON.stringify(openapi), {
      headers: { "Content-Type": "application/json" },
    });
    const checked = await expectConformant(response, "getOpenApiDocument");
    expect(checked.body.openapi).toBe(openapi.openapi);
  });
});
