// What a contract suite talks to: a base URL, the fetch that reaches it, and the channel tokens made for it.
// Two adapters give one: a server process over a socket (test/harness), or createApp in this process.
import type { ChannelToken } from "./seed-tokens.ts";

/** Sends one request: over a socket (globalThis.fetch), or straight into an app (`app.handle`). */
export type EndpointFetch = (request: Request) => Promise<Response>;

export interface Endpoint<Name extends string = string> {
  /** Where requests are addressed: a process's `http://127.0.0.1:<port>`, or `http://localhost` in process. */
  readonly baseUrl: string;
  readonly fetch: EndpointFetch;
  readonly tokens: Record<Name, ChannelToken>;
}

/** An endpoint the contract suites can also look behind: its database, and every way in to it. */
export interface ContractEndpoint<Name extends string = string> extends Endpoint<Name> {
  /** Cases per property of the contract against this endpoint (the socket pass runs fewer: property-runs.ts). */
  readonly propertyRuns: number;
  /** Each way in to the same database (the processes of a scale-out), else this endpoint alone. */
  readonly ways: readonly Endpoint<Name>[];
  /**
   * A count (`select count(*)::int as count …` with one parameter) in the endpoint's database, or undefined
   * where the test cannot read it (an embedded database a server process holds): the white-box evidence that
   * a response which looked like a replay was not a silent duplicate.
   */
  countRows(query: string, value: string): Promise<number | undefined>;
}

/** Where a helper sends a request: an endpoint, or a base URL reached over a socket. */
export type Reachable = string | Pick<Endpoint, "baseUrl" | "fetch">;

/** The base URL and fetch of a target; a bare URL is reached with the global fetch. */
export function reach(target: Reachable): Pick<Endpoint, "baseUrl" | "fetch"> {
  return typeof target === "string" ? { baseUrl: target, fetch: (request) => fetch(request) } : target;
}
