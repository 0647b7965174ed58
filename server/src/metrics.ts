// The service's Prometheus metrics, on a registry of its own so each app instance (and test) counts alone.
import { Counter, Histogram, Registry } from "prom-client";

export interface ServiceMetrics {
  registry: Registry;
  /** Leads answered 2xx, by outcome: created (201), updated (200 repeat), replayed (idempotent replay). */
  leadsAccepted: Counter<"outcome">;
  /** Requests refused for their content, by code: each field error's code on a 422, else the problem code. */
  validationFailures: Counter<"code">;
  /** Every refused lead request, by problem code (401s, 429, 503 included). */
  requestsRefused: Counter<"code">;
  /** received_at → the assistant's 2xx, in seconds; test leads never count. */
  handoffLatency: Histogram;
  /** Response tasks closed as missed: respond_by passed without an acknowledgement. */
  tasksMissed: Counter;
  /** Delivery attempts to the assistant, by result (delivered, failed). */
  handoffAttempts: Counter<"result">;
  /** Console sign-ins by result: signed_in, wrong (a password checked), throttled, busy (no argon2 slot). */
  signInAttempts: Counter<"result">;
  /** Request-log entries dropped because its buffer was full (the database slower than the requests). */
  requestLogDropped: Counter;
}

/** Buckets around the five-minute promise, fine under a second where the target is. */
const LATENCY_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/** @example const metrics = createServiceMetrics(); metrics.leadsAccepted.inc({ outcome: "created" }); */
export function createServiceMetrics(): ServiceMetrics {
  const registry = new Registry();
  return {
    registry,
    leadsAccepted: new Counter({
      name: "stl_leads_accepted_total",
      help: "Leads answered with 2xx, by outcome (created, updated, replayed).",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    validationFailures: new Counter({
      name: "stl_validation_failures_total",
      help: "Lead requests refused for their content, by error code.",
      labelNames: ["code"],
      registers: [registry],
    }),
    requestsRefused: new Counter({
      name: "stl_requests_refused_total",
      help: "Lead requests answered with a problem, by problem code.",
      labelNames: ["code"],
      registers: [registry],
    }),
    handoffLatency: new Histogram({
      name: "stl_handoff_latency_seconds",
      help: "Time from a lead's received_at to the assistant's 2xx acknowledgement (test leads excluded).",
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    tasksMissed: new Counter({
      name: "stl_response_tasks_missed_total",
      help: "Response tasks marked missed: respond_by passed before the assistant acknowledged them.",
      registers: [registry],
    }),
    handoffAttempts: new Counter({
      name: "stl_handoff_attempts_total",
      help: "Delivery attempts to the assistant, by result (delivered, failed).",
      labelNames: ["result"],
      registers: [registry],
    }),
    signInAttempts: new Counter({
      name: "stl_sign_in_attempts_total",
      help: "Console sign-ins by result: signed_in, wrong (password checked), throttled, busy (no argon2 slot).",
      labelNames: ["result"],
      registers: [registry],
    }),
    requestLogDropped: new Counter({
      name: "stl_request_log_dropped_total",
      help: "Request-log entries dropped because the in-memory buffer was full.",
      registers: [registry],
    }),
  };
}
