// Property: no request at all gets a 5xx, and every answer is one the spec documents for the intake path.

import type { IntakeEndpoint } from "@speed-to-lead/server/testing/intake-endpoint";
import { itHoldsForAll } from "@speed-to-lead/server/testing/property-runs";
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import fc from "fast-check";
import { describe, expect } from "vitest";
import { describeRequest, junkRequest } from "../arbitraries/junk-request.ts";
import { expectConformant } from "../harness/openapi-conformance.ts";

export function noServerErrorsSuite(server: IntakeEndpoint): void {
  describe("any request", () => {
    itHoldsForAll(
      "is answered below 500, with a status, headers and body the spec documents",
      () =>
        fc.asyncProperty(junkRequest, async (request) => {
          const headers = Object.fromEntries(
            Object.entries(request.headers).map(([name, value]) => [
              name,
              value
                .replaceAll("$OTHER_TOKEN", server.tokens.other.token)
                .replaceAll("$TOKEN", server.tokens.main.token),
            ]),
          );
          const response = await server.fetch(
            new Request(`${server.baseUrl}${LEAD_INTAKE_PATH}`, {
              method: request.method,
              headers,
              body: request.body as BodyInit | undefined,
            }),
          );
          const summary = describeRequest(request);
          expect(response.status, summary).toBeLessThan(500);
          await expectConformant(response, "postLead");
        }),
      1,
      server.propertyRuns,
    );
  });
}
