// What the request log keeps of a request, read from its state after the response: never a header or a value.
import { loggedPath } from "../../http/logged-path.ts";
import type { RequestState } from "../../http/request-state.ts";
import { pathOf } from "../../http/url-path.ts";
import { safePointer, shapeText } from "./body-shape.ts";
import { type FactHeaders, requestFacts } from "./request-facts.ts";
import type { RequestLogEntry } from "./request-log-store.ts";

/** Characters of a path kept: a hostile client's long path never makes a long row. */
const MAX_PATH = 200;

// The path as logged, for the URL last seen: requests come to the same few URLs, and the masking (a decode per
// segment) costs more than the rest of an entry.
let lastUrl = "";
let lastPath = "";
const pathFor = (url: string) => {
  if (url !== lastUrl) {
    lastPath = loggedPath(pathOf(url)).slice(0, MAX_PATH);
    lastUrl = url;
  }
  return lastPath;
};

/**
 * The entry of a request that named a token; undefined for one that did not (nothing to file it under).
 *
 * @example log.record(requestLogEntry({ method: "POST", url, clientAddress: "203.0.113.7" }, state)!)
 */
export function requestLogEntry(
  request: { method: string; url: string; clientAddress: string | undefined; headers?: FactHeaders },
  state: RequestState,
  at: Date = new Date(),
): RequestLogEntry | undefined {
  if (!state.token) return undefined;
  return {
    tokenId: state.token.tokenId,
    accountId: state.token.accountId,
    at,
    method: request.method.slice(0, 16),
    path: pathFor(request.url),
    status: state.status,
    problemCode: state.problemCode ?? null,
    pointers: state.pointers?.map(safePointer) ?? null,
    latencyMs: Math.round((performance.now() - state.startedAt) * 100) / 100,
    dryRun: state.dryRun ?? false,
    replayed: state.replayed ?? false,
    clientAddress: request.clientAddress?.slice(0, 64) ?? null,
    requestId: state.requestId,
    body: state.postedBody === undefined ? null : shapeText(state.postedBody),
    facts: requestFacts(request.headers, state, at),
  };
}
