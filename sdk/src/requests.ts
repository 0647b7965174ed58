// listRequests: the token's own request log (what happened to each of its requests), page by page.
import type { LeadClient } from "./client";
import { pipelineOf, type ReadLeadOptions } from "./leads";
import type { RequestLogEntry } from "./types";

/** The path of the token's request log. */
const REQUESTS = "/api/speed-to-lead/requests";

/** Which requests, and which page: each filter optional. */
export interface RequestLogQuery {
  /** One status (`422`) or a class (`"4xx"`). */
  status?: number | `${1 | 2 | 3 | 4 | 5}xx` | undefined;
  /** Only answers with this problem code, such as `"validation_failed"`. */
  problemCode?: string | undefined;
  /** The `nextCursor` of the previous page. */
  cursor?: string | undefined;
  /** Rows per page, 1 to 100 (50 when absent). */
  limit?: number | undefined;
}

/** One page of the token's requests, newest first. */
export interface RequestLogRead {
  /** The requests of this page, newest first (at most `limit`). */
  requests: RequestLogEntry[];
  /** Pass as `cursor` for the next (older) page; undefined on the last page. */
  nextCursor: string | undefined;
  /** The service's id of the request that answered (X-Request-Id). */
  requestId: string | undefined;
  /** Requests made by this read: 1, plus one per retry. */
  attempts: number;
}

/**
 * The calling token's own requests (accepted and refused), newest first, through the client's pipeline.
 * Needs a token that may read: an intake-only token gets a PermissionDeniedError (403 token_intake_only).
 *
 * @example
 * let page = await listRequests(client, { status: "4xx" });
 * for (const r of page.requests) console.log(r.status, r.problem_code, r.pointers);
 * if (page.nextCursor) page = await listRequests(client, { status: "4xx", cursor: page.nextCursor });
 */
export async function listRequests(
  client: LeadClient,
  query: RequestLogQuery = {},
  options: Omit<ReadLeadOptions, "ifNoneMatch"> = {},
): Promise<RequestLogRead> {
  const pipeline = pipelineOf(client);
  const params = new URLSearchParams();
  if (query.status !== undefined) params.set("status", String(query.status));
  if (query.problemCode !== undefined) params.set("problem_code", query.problemCode);
  if (query.cursor !== undefined) params.set("cursor", query.cursor);
  if (query.limit !== undefined) params.set("limit", String(query.limit));
  const search = params.size > 0 ? `?${params}` : "";
  const { signal, timeoutMs, maxRetries, headers } = options;
  const { response, data, attempts } = await pipeline({
    method: "GET",
    url: pipeline.baseUrl + REQUESTS + search,
    headers: { ...headers },
    signal,
    timeoutMs,
    maxRetries,
  });
  const page = data as { requests: RequestLogEntry[]; next_cursor: string | null };
  return {
    requests: page.requests,
    nextCursor: page.next_cursor ?? undefined,
    requestId: response.headers.get("x-request-id") ?? undefined,
    attempts,
  };
}
