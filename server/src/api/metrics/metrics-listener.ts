// GET /metrics on a listener of its own (METRICS_HOST:METRICS_PORT), apart from the public API.
import type { Server } from "bun";
import { Elysia } from "elysia";
import { listenOnExactPaths } from "../../http/exact-path-listener.ts";
import type { Logger } from "../../logger.ts";
import type { ServiceMetrics } from "../../metrics.ts";
import { metricsRoute } from "./index.ts";

/**
 * Operators expose the API and keep this port private (loopback by default): nothing depends on a
 * proxy rule blocking /metrics.
 *
 * @example const server = listenForMetrics(metrics, { port: 9464, hostname: "127.0.0.1", logger });
 */
export function listenForMetrics(
  metrics: ServiceMetrics,
  options: { port: number; hostname: string; logger: Logger },
): Server<undefined> {
  return listenOnExactPaths(new Elysia().use(metricsRoute(metrics)), options);
}
