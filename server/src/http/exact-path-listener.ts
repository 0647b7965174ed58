// Listens with Bun's router, which matches the raw request path: each route answers at its exact path only.
import type { Server } from "bun";
import type { Logger } from "../logger.ts";
import { rememberPeerAddress } from "./client-address.ts";
import { logRequest } from "./request-log.ts";
import { beginRequest } from "./request-state.ts";
import { problemResponse } from "./respond.ts";
import { pathOf } from "./url-path.ts";

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
  const notFound = (request: Request) => {
    const state = beginRequest(request);
    const response = problemResponse(state, "not_found");
    logRequest(options.logger, request, state);
    return response;
  };
  // A parameter or wildcard matched on the raw path may hold dot segments (`/console/%2e%2e/metrics`):
  // the normalised path the app will route must still fit the same pattern, or it is an alias.
  const handlerFor = (path: string) => {
    const pattern = routePattern(path);
    return (request: Request, server: Server<undefined>) => {
      if (!pattern.test(pathOf(request.url))) return notFound(request);
      rememberPeerAddress(request, server.requestIP(request)?.address);
      return app.handle(request);
    };
  };
  const except = new Set(options.except ?? []);
  const paths = new Set(app.routes.map((route) => route.path).filter((path) => !except.has(path)));
  return Bun.serve({
    port: options.port,
    hostname: options.hostname,
    idleTimeout: 30,
    // Above any body the app reads: its own checks (413 problem+json at 64 KiB) come first.
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    routes: Object.fromEntries([...paths].map((path) => [path, handlerFor(path)])),
    fetch: notFound,
  });
}

/** `/console/tokens/:id` → /^\/console\/tokens\/[^/]+$/; a trailing `*` matches the rest of the path. */
function routePattern(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) => {
      if (segment === "*") return ".*";
      if (segment.startsWith(":")) return "[^/]+";
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${source}$`);
}
