// OpenTelemetry: one client span per attempt of every call (a retry is a second span, as the HTTP semantic
// conventions count resends), its status and timing from the SDK's hooks, and the trace context sent along.
// Run: STL_BASE_URL=http://localhost:3000 STL_TOKEN=stl_ch_… bun examples/opentelemetry.ts
import { context, propagation, type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { type AttemptEvent, createLeadClient, getLead } from "@speed-to-lead/sdk";

// In an app these come from your OpenTelemetry set-up (an OTLP exporter, say); in memory here, to print them.
const exporter = new InMemorySpanExporter();
trace.setGlobalTracerProvider(
  new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
);
propagation.setGlobalPropagator(new W3CTraceContextPropagator());

const tracer = trace.getTracer("speed-to-lead");
/** The open span of each attempt: calls may run side by side. */
const spans = new Map<string, Span>();
const spanKey = (e: AttemptEvent) => `${e.idempotencyKey ?? e.url}#${e.attempt}`;

const client = createLeadClient({
  baseUrl: process.env.STL_BASE_URL ?? "http://localhost:3000",
  token: process.env.STL_TOKEN ?? "",
  onRequest: (e) => {
    const span = tracer.startSpan(e.method, {
      kind: SpanKind.CLIENT,
      startTime: e.startedAt,
      attributes: {
        "http.request.method": e.method,
        "url.full": e.url,
        "http.request.resend_count": e.attempt - 1,
      },
    });
    spans.set(spanKey(e), span);
    // traceparent goes with the request: a proxy or gateway that reads it joins your trace.
    propagation.inject(trace.setSpan(context.active(), span), e.headers, {
      set: (headers, name, value) => headers.set(name, value),
    });
  },
  onResponse: (e) => {
    const span = spans.get(spanKey(e));
    spans.delete(spanKey(e));
    if (e.status !== undefined) span?.setAttribute("http.response.status_code", e.status);
    if (e.requestId) span?.setAttribute("speed_to_lead.request_id", e.requestId);
    if (e.error) span?.setStatus({ code: SpanStatusCode.ERROR, message: e.error.message });
    span?.end(e.startedAt + e.durationMs);
  },
});

const posted = await client.postLead({ email: "traced@example.com" });
await getLead(client, posted.id);
await getLead(client, "00000000-0000-4000-8000-000000000000").catch(() => {}); // a 404: an error span

for (const span of exporter.getFinishedSpans()) {
  const status = span.attributes["http.response.status_code"];
  const failed = span.status.code === SpanStatusCode.ERROR ? " (error)" : "";
  console.log(`${span.name} ${status}${failed} resend ${span.attributes["http.request.resend_count"]}`);
}
