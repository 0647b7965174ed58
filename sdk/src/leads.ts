// getLead and findLead: what became of a posted lead. Standalone functions, so postLead's bundle stays small.
import type { LeadClient } from "./client";
import { PIPELINE, type Pipeline, type RequestOptions } from "./request";
import type { LeadStatus } from "./types";

/** The path of a sender's lead reads. */
const LEADS = "/api/speed-to-lead/leads";

/** What getLead and findLead accept: the client's request options for this call, and an abort signal. */
export interface ReadLeadOptions extends RequestOptions {
  /** Aborts the read, including a retry's wait; it then rejects with a UserAbortError. */
  signal?: AbortSignal | undefined;
}

/** The pipeline of a client made by createLeadClient (by either build of the SDK). */
export function pipelineOf(client: LeadClient): Pipeline {
  const pipeline = (client as unknown as Record<symbol, Pipeline | undefined>)?.[PIPELINE];
  if (!pipeline) throw new TypeError("Pass a client made by createLeadClient().");
  return pipeline;
}

async function read(client: LeadClient, path: string, options: ReadLeadOptions): Promise<LeadStatus> {
  const pipeline = pipelineOf(client);
  const { data } = await pipeline({ method: "GET", url: pipeline.baseUrl + path, ...options });
  return data as LeadStatus;
}

/**
 * The stored lead, its response state and hand-off attempts, through the client's pipeline (timeouts,
 * retries, Retry-After, error classes). Needs a token that may read: an intake-only token gets a
 * PermissionDeniedError (403 token_intake_only). A lead of another account is a LeadIntakeError
 * (404 lead_not_found).
 *
 * @example const { lead, handoff_attempts } = await getLead(client, result.id);
 */
export function getLead(client: LeadClient, id: string, options: ReadLeadOptions = {}): Promise<LeadStatus> {
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
  options: ReadLeadOptions = {},
): Promise<LeadStatus> {
  return read(client, `${LEADS}?${new URLSearchParams(key)}`, options);
}
