// Every example in the built document is valid against the schema it illustrates.
import { describe, expect, it } from "vitest";
import openapi from "../openapi.json" with { type: "json" };
import { ASSISTANT_EVENTS_PATH, CALL_CHECKS_PATH, LEAD_INTAKE_PATH } from "./limits.ts";
import { componentValidator } from "./openapi-validator.ts";

const validate = componentValidator();

function examplesOf(content: Record<string, any>) {
  return Object.entries(content).flatMap(([mediaType, media]) =>
    Object.entries(media.examples ?? {}).map(([name, example]: [string, any]) => ({
      mediaType,
      name,
      schema: (media.schema.$ref as string).split("/").pop()!,
      value: example.value,
    })),
  );
}

describe("OpenAPI examples", () => {
  const operations = [
    openapi.paths[LEAD_INTAKE_PATH].post,
    openapi.paths[ASSISTANT_EVENTS_PATH].post,
    openapi.paths[CALL_CHECKS_PATH].post,
  ] as any[];
  const cases = operations.flatMap((post) => [
    ...examplesOf(post.requestBody.content),
    ...Object.values(post.responses).flatMap((response: any) => examplesOf(response.content ?? {})),
  ]);

  it("exist for the request and every response", () => {
    expect(cases.length).toBeGreaterThanOrEqual(17);
  });

  it.each(cases)("$name ($mediaType) is a valid $schema", ({ schema, value }) => {
    expect(validate(schema, value).errors).toEqual([]);
  });
});
