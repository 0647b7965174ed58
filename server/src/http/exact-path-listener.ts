// Listens with Bun's router, which matches the raw request path: each route answers at its exact path only.
import type { Server } from "bun";
import type { Logger } from "../logger.ts";
import { rememberPeerAddress } from "./client-address.ts";
import { logRequest } from "./request-log.ts";
import { beginRequest } from "./request-state.ts";
import { problemResponse } from "./respond.ts";

/** What the listener needs of the Elysia app: its routes and its request handler. */
export interface RoutedApp {
  routes: { path: string }[];
  handle(request: Request): Promise<Response> | Response;
}

export interface ExactListenOptions {
  port: number;
  hostname: string;
  logger: Logger;
  /** Paths not served here (GET /metrics when it has a listener of its own). */
  except?: string[];
}

/**
 * Bun gives the application a normalised URL (`/%2e/metrics` and `/a/../metrics` both arrive as
 * `/metrics`), and Elysia's own fallback router also accepts a trailing slash, so neither can tell an
 * alias from the real path. Bun's `routes` table matches the path as sent: only exact paths reach the
 * app; every other path is 404 here, so a proxy rule on an exact path cannot be bypassed.
 *
 * @example const server = listenOnExactPaths(createApp(deps), { port: 3000, hostname: "0.0.0.0", logger });
 */
export function listenOnExactPaths(app: RoutedApp, options: ExactListenOptions): Server<undefined> {
  const handle = (request: Request, server: Server<undefined>) => {
    rememberPeerAddress(request, server.requestIP(request)?.address);
    return app.handle(request);
  };
  const except = new Set(options.except ?? []);
  const paths = new Set(app.routes.map((route) => route.path).filter((path) => !except.has(path)));
  return Bun.serve({
    port: options.port,
    hostname: options.hostname,
    idleTimeout: 30,
    // Above any body the app reads: its own checks (413 problem+json at 64 KiB) come first.
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    routes: Object.fromEntries([...paths].map((path) => [path, handle])),
    fetch(request) {
      const state = beginRequest(request);
      const response = problemResponse(state, "not_found");
      logRequest(options.logger, request, state);
      return response;
    },
  });
}
