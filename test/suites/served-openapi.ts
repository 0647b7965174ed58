// The document the server serves is the contract in spec/, byte for byte as JSON, in English and Spanish.

import type { IntakeEndpoint } from "@speed-to-lead/server/testing/intake-endpoint";
import { OPENAPI_PATH } from "@speed-to-lead/spec";
import openapiEs from "@speed-to-lead/spec/openapi.es.json" with { type: "json" };
import openapi from "@speed-to-lead/spec/openapi.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { expectConformant } from "../harness/openapi-conformance.ts";

export function servedOpenApiSuite(server: IntakeEndpoint): void {
  describe("GET /api/openapi.json", () => {
    const fetchDocument = async (query = "", headers: Record<string, string> = {}) => {
      // No token: the document is public.
      const response = await server.fetch(
        new Request(`${server.baseUrl}${OPENAPI_PATH}${query}`, { headers }),
      );
      return (await expectConformant(response, "getOpenApiDocument")).body;
    };

    it("is spec/openapi.json by default, and with ?lang=en", async () => {
      expect(await fetchDocument()).toEqual(openapi);
      expect(await fetchDocument("?lang=en")).toEqual(openapi);
    });

    it("is spec/openapi.es.json with ?lang=es", async () => {
      expect(await fetchDocument("?lang=es")).toEqual(openapiEs);
    });

    it.each(["es", "es-MX,es;q=0.9,en;q=0.5"])(
      "is spec/openapi.es.json with Accept-Language: %s",
      async (language) => {
        expect(await fetchDocument("", { "Accept-Language": language })).toEqual(openapiEs);
      },
    );

    it("stays English when Accept-Language prefers another language", async () => {
      expect(await fetchDocument("", { "Accept-Language": "fr-FR,en;q=0.8,es;q=0.1" })).toEqual(openapi);
    });
  });
}
