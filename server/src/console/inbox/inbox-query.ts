// The inbox's filters as URL query parameters (GET forms, shareable links): read into an InboxFilter, written back.
import { LEAD_SOURCES, RESPONSE_STATES, type ResponseState } from "@speed-to-lead/spec";
import type { InboxFilter } from "../../core/inbox/inbox-filter.ts";

/** The form's values as typed: what the filter form shows and every link (older, export, stream) carries. */
export interface InboxQuery {
  kind: "" | "live" | "test";
  eligible: "" | "yes" | "no";
  state: "" | ResponseState;
  source: string;
  channel: string;
  q: string;
}

const FIELDS = ["kind", "eligible", "state", "source", "channel", "q"] as const;
const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | "" =>
  allowed.includes(value as T) ? (value as T) : "";

/** Unknown values are dropped (the URL is anyone's to edit): the filter never fails. */
export function readInboxQuery(params: URLSearchParams): InboxQuery {
  const text = (name: string) => (params.get(name) ?? "").trim().slice(0, 200);
  return {
    kind: oneOf(params.get("kind"), ["live", "test"] as const),
    eligible: oneOf(params.get("eligible"), ["yes", "no"] as const),
    state: oneOf(params.get("state"), RESPONSE_STATES),
    source: oneOf(params.get("source"), LEAD_SOURCES),
    channel: text("channel"),
    q: text("q"),
  };
}

export function toInboxFilter(query: InboxQuery): InboxFilter {
  const filter: InboxFilter = {};
  if (query.kind) filter.test = query.kind === "test";
  if (query.eligible) filter.callEligible = query.eligible === "yes";
  if (query.state) filter.responseState = query.state;
  if (query.source) filter.source = query.source;
  if (query.channel) filter.channelTokenId = query.channel;
  if (query.q) filter.search = query.q;
  return filter;
}

/** The filter's non-empty values as a query string (no leading "?"), with extra parameters after. */
export function inboxQueryString(query: InboxQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const name of FIELDS) if (query[name]) params.set(name, query[name]);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params.toString();
}
