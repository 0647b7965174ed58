// getLead and findLead: what became of a posted lead. Standalone functions, so postLead's bundle stays small.
import type { LeadClient } from "./client";
import { PIPELINE, type Pipeline, type RequestOptions } from "./request";
import type { LeadStatus } from "./types";

/** The path of a sender's lead reads. */
const LEADS = "/api/speed-to-lead/leads";

/** What getLead and findLead accept: the client's request options for this call, an abort signal, a conditional read. */
export interface ReadLeadOptions extends RequestOptions {
  /** Aborts the read, including a retry's wait; it then rejects with a UserAbortError. */
  signal?: AbortSignal | undefined;
  /**
   * The `etag` of an earlier read: sent as If-None-Match, so an unchanged lead answers 304 and the read
   * resolves `{ notModified: true }` without a body. (Not in `headers`: a TypeError says to use this.)
   */
  ifNoneMatch?: string | undefined;
}

/** What every read says about its answer. */
export interface ReadDetails {
  /** The answer's ETag: pass it as `ifNoneMatch` to the next read of the same lead. */
  etag: string | undefined;
  /** The service's id of the request that answered (X-Request-Id), for support and logs. */
  requestId: string | undefined;
  /** Requests made by this read: 1, plus one per retry. */
  attempts: number;
}

/** A read that got the lead: its status in the service's wire names, and the answer's details. */
export type LeadRead = LeadStatus &
  ReadDetails & {
    /** false: the answer carried the lead. */
    notModified: false;
  };

/** A conditional read (`ifNoneMatch`) whose lead has not changed: 304, no body. */
export interface LeadNotModified extends ReadDetails {
  /** true: the lead is as it was at `etag`; keep the copy you have. */
  notModified: true;
}

/** The pipeline of a client made by createLeadClient (by either build of the SDK). */
export function pipelineOf(client: LeadClient): Pipeline {
  const pipeline = (client as unknown as Record<symbol, Pipeline | undefined>)?.[PIPELINE];
  if (!pipeline) throw new TypeError("Pass a client made by createLeadClient().");
  return pipeline;
}

/** A conditional header set by hand would make a 304 the type does not expect. */
const CONDITIONAL = /^if-(none-match|modified-since)$/i;

async function read(
  client: LeadClient,
  path: string,
  options: ReadLeadOptions,
): Promise<LeadRead | LeadNotModified> {
  const pipeline = pipelineOf(client);
  // Picked one by one: nothing in `options` can change the URL or the method the token goes with.
  const { signal, timeoutMs, maxRetries, headers, ifNoneMatch } = options;
  if (Object.keys(headers ?? {}).some((name) => CONDITIONAL.test(name))) {
    throw new TypeError("Pass an ETag as the ifNoneMatch option, not as a header.");
  }
  const { response, data, attempts } = await pipeline({
    method: "GET",
    url: pipeline.baseUrl + path,
    headers: { ...headers, "If-None-Match": ifNoneMatch },
    signal,
    timeoutMs,
    maxRetries,
  });
  const details = {
    etag: response.headers.get("etag") ?? ifNoneMatch,
    requestId: response.headers.get("x-request-id") ?? undefined,
    attempts,
  };
  return response.status === 304
    ? { ...details, notModified: true }
    : { ...(data as LeadStatus), ...details, notModified: false };
}

/** The options of a plain read: it always carries the lead. (With `ifNoneMatch`, it may be a 304.) */
type PlainRead = ReadLeadOptions & { ifNoneMatch?: undefined };

/**
 * The stored lead, its response state and hand-off attempts, through the client's pipeline (timeouts,
 * retries, Retry-After, error classes), with the answer's `etag`, `requestId` and `attempts`. Needs a
 * token that may read: an intake-only token gets a PermissionDeniedError (403 token_intake_only). A lead
 * of another account is a NotFoundError (404 lead_not_found). With `ifNoneMatch`, an unchanged lead
 * resolves `{ notModified: true }`.
 *
 * @example
 * const first = await getLead(client, result.id);
 * const again = await getLead(client, result.id, { ifNoneMatch: first.etag });
 * if (!again.notModified) console.log(again.lead.response.state);
 */
export function getLead(client: LeadClient, id: string, options?: PlainRead): Promise<LeadRead>;
export function getLead(
  client: LeadClient,
  id: string,
  options: ReadLeadOptions,
): Promise<LeadRead | LeadNotModified>;
export function getLead(client: LeadClient, id: string, options: ReadLeadOptions = {}) {
  return read(client, `${LEADS}/${encodeURIComponent(id)}`, options);
}

/**
 * The lead posted with this platform and external_lead_id, as getLead answers it.
 *
 * @example const status = await findLead(client, { platform: "crm", external_lead_id: "A-17" });
 */
export function findLead(
  client: LeadClient,
  key: { platform: string; external_lead_id: string },
  options?: PlainRead,
): Promise<LeadRead>;
export function findLead(
  client: LeadClient,
  key: { platform: string; external_lead_id: string },
  options: ReadLeadOptions,
): Promise<LeadRead | LeadNotModified>;
export function findLead(
  client: LeadClient,
  key: { platform: string; external_lead_id: string },
  options: ReadLeadOptions = {},
) {
  const { platform, external_lead_id } = key;
  return read(client, `${LEADS}?${new URLSearchParams({ platform, external_lead_id })}`, options);
}
