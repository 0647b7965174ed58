// GET /metrics: the service's counters and histograms in Prometheus text format.
import { Elysia } from "elysia";
import type { ServiceMetrics } from "../../metrics.ts";

/**
 * Unauthenticated, like /healthz: it holds counts only, never lead data. A server facing the internet
 * serves it on its own private listener instead (METRICS_PORT, metrics-listener.ts).
 *
 * @example new Elysia().use(metricsRoute(createServiceMetrics()))
 */
export function metricsRoute(metrics: ServiceMetrics) {
  return new Elysia({ name: "metrics" }).get(
    "/metrics",
    async () =>
      new Response(await metrics.registry.metrics(), {
        headers: { "content-type": metrics.registry.contentType },
      }),
  );
}
