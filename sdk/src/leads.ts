// getLead and findLead: what became of a posted lead. Standalone functions, so postLead's bundle stays small.
import type { LeadClient } from "./client";
import { errorFromResponse } from "./errors";
import type { LeadStatus } from "./types";

/** The path of a sender's lead reads. */
const LEADS = "/api/speed-to-lead/leads";

/** What getLead and findLead accept: the request's extra headers and an abort signal. */
export interface ReadLeadOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function read(
  request: Promise<{ data?: unknown; error?: unknown; response: Response }>,
): Promise<LeadStatus> {
  const { data, error, response } = await request;
  if (!response.ok) throw errorFromResponse(response, error);
  return data as LeadStatus;
}

/**
 * The stored lead, its response state and hand-off attempts; any token of the lead's account may
 * ask. Throws a LeadIntakeError (status 404, code lead_not_found) for a lead of another account.
 *
 * @example const { lead, handoff_attempts } = await getLead(client, result.id);
 */
export function getLead(client: LeadClient, id: string, options: ReadLeadOptions = {}): Promise<LeadStatus> {
  return read(client.api.GET(`${LEADS}/{id}`, { params: { path: { id } }, ...options }));
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
  return read(client.api.GET(LEADS, { params: { query: key }, ...options }));
}
