import { describe, expect, it } from "vitest";
import openapiEs from "../openapi.es.json" with { type: "json" };
import openapi from "../openapi.json" with { type: "json" };
import { EVIDENCE_KEYS_PATH } from "./evidence-keys.ts";
import {
  ASSISTANT_EVENTS_PATH,
  CALL_CHECKS_PATH,
  LEAD_INTAKE_PATH,
  LEADS_PATH,
  OPENAPI_PATH,
} from "./limits.ts";
import { buildOpenApiDocument } from "./openapi.ts";
import {
  ASSISTANT_EVENT_PROBLEM_CODES,
  CALL_CHECK_PROBLEM_CODES,
  LEAD_READ_PROBLEM_CODES,
  PROBLEM_CODES,
} from "./problem-codes.ts";
import { type Json, mapHumanText } from "./translate.ts";

const withoutHumanText = (document: unknown) => mapHumanText(document as Json, () => "");

function humanTexts(document: unknown): Map<string, string> {
  const texts = new Map<string, string>();
  mapHumanText(document as Json, (text, path) => {
    texts.set(path, text);
    return text;
  });
  return texts;
}

describe("the built OpenAPI documents", () => {
  it("are what the schemas build today (committed files are not stale)", () => {
    expect(openapi).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it("are OpenAPI 3.1 with the intake, the assistant's events, the evidence keys, the document endpoint and both security schemes", () => {
    expect(openapi.openapi).toMatch(/^3\.1\.\d+$/);
    expect(Object.keys(openapi.paths)).toEqual([
      LEAD_INTAKE_PATH,
      LEADS_PATH,
      `${LEADS_PATH}/{id}`,
      `${LEADS_PATH}/{id}/evidence`,
      ASSISTANT_EVENTS_PATH,
      EVIDENCE_KEYS_PATH,
      CALL_CHECKS_PATH,
      OPENAPI_PATH,
    ]);
    expect(Object.keys(openapi.webhooks)).toEqual([
      "lead.handoff",
      "lead.handed_off",
      "lead.missed",
      "lead.not_called",
    ]);
    expect(openapi.components.securitySchemes).toMatchObject({
      bearerAuth: { type: "http", scheme: "bearer" },
      channelToken: { type: "apiKey", in: "header", name: "X-STL-Channel-Token" },
    });
  });

  it("list every status the contract decided, each with an example per problem code", () => {
    const responses = openapi.paths[LEAD_INTAKE_PATH].post.responses as Record<string, any>;
    const eventOnly: ReadonlySet<string> = new Set([
      ...ASSISTANT_EVENT_PROBLEM_CODES,
      ...CALL_CHECK_PROBLEM_CODES,
      ...LEAD_READ_PROBLEM_CODES,
    ]);
    const statuses = new Set(
      Object.entries(PROBLEM_CODES)
        .filter(([code]) => code !== "not_found" && !eventOnly.has(code))
        .map(([, definition]) => String(definition.status)),
    );
    for (const status of [...statuses, "200", "201"]) expect(Object.keys(responses)).toContain(status);
    for (const [code, definition] of Object.entries(PROBLEM_CODES)) {
      if (code === "not_found" || eventOnly.has(code)) continue;
      const examples = responses[String(definition.status)].content["application/problem+json"].examples;
      expect(examples[code].value.code, code).toBe(code);
    }
    expect(responses["401"].headers).toHaveProperty("WWW-Authenticate");
    expect(responses["429"].headers).toHaveProperty("Retry-After");
    expect(responses["503"].headers).toHaveProperty("Retry-After");
    expect(responses["409"].headers).toHaveProperty("Retry-After");
    expect(responses["405"].headers).toHaveProperty("Allow");
  });

  it("document every problem code of the assistant's events endpoint with an example", () => {
    const responses = openapi.paths[ASSISTANT_EVENTS_PATH].post.responses as Record<string, any>;
    for (const code of [
      ...ASSISTANT_EVENT_PROBLEM_CODES,
      "invalid_json",
      "validation_failed",
      "rate_limited",
    ] as const) {
      const examples =
        responses[String(PROBLEM_CODES[code].status)].content["application/problem+json"].examples;
      expect(examples[code].value.code, code).toBe(code);
    }
  });

  it("document every problem code of the pre-dial check with an example", () => {
    const responses = openapi.paths[CALL_CHECKS_PATH].post.responses as Record<string, any>;
    for (const code of [
      ...ASSISTANT_EVENT_PROBLEM_CODES.filter((code) => code !== "lead_not_found"),
      ...CALL_CHECK_PROBLEM_CODES,
      "invalid_json",
      "validation_failed",
      "rate_limited",
    ] as const) {
      const examples =
        responses[String(PROBLEM_CODES[code].status)].content["application/problem+json"].examples;
      expect(examples[code].value.code, code).toBe(code);
    }
  });

  it("document the lead reads' problem codes", () => {
    const responses = openapi.paths[LEADS_PATH].get.responses as Record<string, any>;
    for (const code of [
      ...LEAD_READ_PROBLEM_CODES,
      "lead_not_found",
      "rate_limited",
      "token_invalid",
    ] as const) {
      const examples =
        responses[String(PROBLEM_CODES[code].status)].content["application/problem+json"].examples;
      expect(examples[code].value.code, code).toBe(code);
    }
  });

  it("are the same contract in English and Spanish: equal once human text is set aside", () => {
    expect(withoutHumanText(openapiEs)).toEqual(withoutHumanText(openapi));
  });

  it("leave no English human text untranslated in the Spanish document", () => {
    const english = humanTexts(openapi);
    const spanish = humanTexts(openapiEs);
    expect([...spanish.keys()]).toEqual([...english.keys()]);
    const untranslated = [...english]
      .filter(([path, text]) => spanish.get(path) === text)
      .map(([path]) => path);
    expect(untranslated).toEqual([]);
  });
});
