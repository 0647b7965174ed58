// The packed SDK in workerd (Cloudflare Workers' runtime, through Miniflare), bundled as a Worker is: a dry run
// retried after a 503 with Retry-After-Ms, an abort, and a webhook received once through WebCrypto.
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { check } from "./smoke-tools.ts";

/** The Worker: runs the checks inside workerd and answers what it saw. */
const WORKER = `
import { createLeadClient, UserAbortError, isSpeedToLeadError } from "@speed-to-lead/sdk";
import { createWebhookReceiver, signWebhook } from "@speed-to-lead/sdk/webhooks";
export default {
  async fetch() {
    const seen = {};
    const client = createLeadClient({ baseUrl: "http://service.test", token: "stl_pk_edge" });
    const dry = await client.postLead({ email: "edge@example.com" }, { dryRun: true });
    seen.post = { attempts: dry.attempts, dryRun: dry.dryRun, key: dry.idempotencyKey.length };
    const controller = new AbortController();
    const pending = client.postLead({ email: "edge@example.com" }, { signal: controller.signal, idempotencyKey: "k-edge" });
    controller.abort();
    const aborted = await pending.catch((error) => error);
    seen.abort = { isAbort: aborted instanceof UserAbortError, sdk: isSpeedToLeadError(aborted), key: aborted.idempotencyKey };
    const secret = "whsec_" + btoa("0123456789abcdef0123456789abcdef");
    const event = { type: "lead.missed", version: 1, timestamp: new Date().toISOString(), data: { lead_id: "l-edge" } };
    const signed = signWebhook(event, secret, { id: "msg_edge" });
    const receiver = createWebhookReceiver({ secret }).on("lead.missed", (missed) => { seen.missed = missed.data.lead_id; });
    const deliver = () => receiver.fetch(new Request("http://worker/hook", { method: "POST", body: signed.body, headers: signed.headers }));
    seen.webhook = [(await deliver()).status, (await deliver()).status];
    const forged = await receiver.receive(new Request("http://worker/hook", { method: "POST", body: "{}", headers: signed.headers })).catch((error) => error.code);
    seen.forged = forged;
    return Response.json(seen);
  },
};`;

/** Bundles the Worker from `app` (where the packed SDK is installed) and runs it in workerd. */
export async function checkWorkerd(app: string): Promise<void> {
  const bundled = await build({
    stdin: { contents: WORKER, resolveDir: app, loader: "js" },
    bundle: true,
    platform: "browser",
    conditions: ["worker", "browser"],
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  const answers = [
    new Response(JSON.stringify({ code: "unavailable", status: 503 }), {
      status: 503,
      headers: { "retry-after": "1", "retry-after-ms": "20", "content-type": "application/problem+json" },
    }),
  ];
  const posts: string[] = [];
  const worker = new Miniflare({
    modules: true,
    script: bundled.outputFiles[0]!.text,
    compatibilityDate: "2025-09-01",
    // The service, as the Worker's outbound fetch: one 503, then a dry run's answer.
    outboundService: async (request: Request) => {
      posts.push(`${request.method} ${request.headers.get("x-stl-retry-count") ?? "-"}`);
      return (
        answers.shift() ??
        Response.json(
          {
            id: "dry-1",
            created: true,
            test: false,
            call_eligible: false,
            dry_run: true,
            received_at: "2026-11-20T20:00:00Z",
            respond_by: "2026-11-20T20:05:00Z",
            lead: {},
            ignored_fields: [],
          },
          { status: 201 },
        )
      );
    },
  });
  try {
    const seen = (await (await worker.dispatchFetch("http://worker/")).json()) as Record<string, unknown>;
    const expected = {
      post: { attempts: 2, dryRun: true, key: 36 },
      abort: { isAbort: true, sdk: true, key: "k-edge" },
      missed: "l-edge",
      webhook: [204, 204],
      forged: "webhook_signature_invalid",
    };
    check(JSON.stringify(seen) === JSON.stringify(expected), `workerd saw ${JSON.stringify(seen)}`);
    check(posts.join(",") === "POST -,POST 1", `the service saw ${posts.join(",")}`);
    console.log("workerd (Miniflare), the packed SDK bundled as a Worker: ok");
  } finally {
    await worker.dispose();
  }
}
