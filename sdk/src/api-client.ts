// @speed-to-lead/sdk/api: createApiClient(), the typed openapi-fetch client of every operation, on the client's own pipeline.
import createClient, { type Client } from "openapi-fetch";
import type { LeadClient } from "./client";
import { pipelineOf } from "./leads";
import type { paths } from "./types";

export type { paths };

/**
 * A typed openapi-fetch client for any operation of the service, with the client's token, headers,
 * timeouts, retries of idempotent requests (reads, and posts with an Idempotency-Key), logging and
 * request ids. As openapi-fetch does, an error status comes back as `{ error, response }`; no answer
 * throws ConnectionError or TimeoutError, an aborted signal UserAbortError. A separate entry point, so
 * an app that only posts leads never loads openapi-fetch.
 *
 * @example
 * const api = createApiClient(client);
 * const { data } = await api.GET("/api/openapi.json");
 */
export function createApiClient(client: LeadClient): Client<paths> {
  const pipeline = pipelineOf(client);
  return createClient<paths>({
    baseUrl: pipeline.baseUrl,
    fetch: async (request) => {
      const body = request.body ? await request.text() : undefined;
      const { response, text } = await pipeline({
        method: request.method,
        url: request.url,
        body,
        headers: request.headers,
        signal: request.signal,
        raw: true,
      });
      // The body was read by the pipeline (under its timeout); a fresh Response carries it on.
      return new Response(text || null, response);
    },
  });
}
