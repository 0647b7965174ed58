// Packs the SDK (npm pack), installs the tarball into a fresh temp folder, and uses it from Node ESM,
// Node CJS, Bun, Deno and workerd (Miniflare), then bundles it for the browser with esbuild. Needs a built dist/.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkBrowserBundles } from "./smoke-browser-bundles.ts";
import { check, run, STRICT_CONSUMER } from "./smoke-tools.ts";
import { checkWorkerd } from "./smoke-workerd.ts";

const sdkRoot = join(import.meta.dir, "..");
const packageJson = JSON.parse(readFileSync(join(sdkRoot, "package.json"), "utf8")) as {
  version: string;
  devDependencies: Record<string, string>;
};
const libphonenumberVersion = packageJson.devDependencies["libphonenumber-js"];
/** The reference signer the webhook checks compare against (the SDK itself signs with fast-sha256). */
const standardwebhooksVersion = packageJson.devDependencies.standardwebhooks;

for (const file of ["index.mjs", "index.cjs"]) {
  const text = readFileSync(join(sdkRoot, "dist", file), "utf8");
  for (const library of ["libphonenumber", "fast-sha256", "openapi-fetch"]) {
    check(!text.includes(library), `dist/${file} mentions ${library}: the main entry must not.`);
  }
}

const app = mkdtempSync(join(tmpdir(), "stl-sdk-smoke-"));
try {
  const packed = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", app], sdkRoot)) as {
    filename: string;
    files: { path: string }[];
  }[];
  const tarball = join(app, packed[0]!.filename);
  const files = packed[0]!.files.map((f) => f.path);
  check(!files.some((f) => f.startsWith("src/") || f.startsWith("test/")), `tarball holds sources: ${files}`);
  check(files.includes("LICENSE"), `tarball has no LICENSE: ${files}`);
  console.log(`packed ${packed[0]!.filename}: ${files.join(", ")}`);

  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "smoke-app", private: true }));
  run(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      tarball,
      `libphonenumber-js@${libphonenumberVersion}`,
      `standardwebhooks@${standardwebhooksVersion}`,
    ],
    app,
  );

  // The same checks from each runtime and module system; `load` is the only difference.
  const body = (load: string) => `${load}
const fail = (message) => { console.error("smoke failed: " + message); process.exit(1); };
const problem = { type: "urn:speed-to-lead:problem:validation_failed", title: "Validation failed", status: 422,
  detail: "1 field breaks the contract.", code: "validation_failed",
  errors: [{ pointer: "/phone", code: "phone_not_us", message: "Only US phone numbers are accepted." }] };
const answers = [
  new Response(JSON.stringify(problem), { status: 422, headers: { "Content-Type": "application/problem+json" } }),
  Response.json({ id: "1", created: true, test: false, call_eligible: true, received_at: "2026-11-20T20:00:00Z",
    respond_by: "2026-11-20T20:05:00Z", lead: {}, ignored_fields: [] }, { status: 201, headers: { "Idempotent-Replayed": "true" } }),
];
const seen = [];
const client = sdk.createLeadClient({ baseUrl: "http://smoke.test", token: "t", fetch: async (request) => { seen.push(request); return answers.shift(); } });
const consent = sdk.consentBlock({ source: "webform", reference: "sub_1", capturedAt: "2026-01-01T00:00:00+01:00" });
if (consent.captured_at !== "2025-12-31T23:00:00.000Z") fail("consentBlock: " + JSON.stringify(consent));
try { sdk.consentBlock({ source: "webform", reference: "", capturedAt: new Date() }); fail("consentBlock accepted an empty part"); }
catch (error) { if (!(error instanceof sdk.ConsentError) || error.code !== "consent_incomplete") fail("ConsentError: " + error); }
const evidence = sdk.consentBlock({ source: "webform", reference: "sub_1", capturedAt: new Date(), leadidToken: "0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D", ipAddress: "::1", sellers: ["Acme"] });
if (evidence.leadid_token.length !== 36 || evidence.ip_address !== "::1" || evidence.sellers[0] !== "Acme") fail("consent evidence: " + JSON.stringify(evidence));
try { sdk.consentBlock({ source: "webform", reference: "sub_1", capturedAt: new Date(), trustedformUrl: "https://evil.example/1" }); fail("consentBlock accepted another host"); }
catch (error) { if (!(error instanceof sdk.ConsentError) || error.code !== "trustedform_url_invalid" || error.field !== "trustedform_url") fail("evidence ConsentError: " + error); }
try { await client.postLead({ phone: "+16045550100", consent }); fail("no ValidationError"); }
catch (error) {
  if (!(error instanceof sdk.ValidationError) || !(error instanceof sdk.LeadIntakeError) || !(error instanceof Error)) fail("instanceof: " + error);
  if (error.name !== "ValidationError" || error.errors[0].pointer !== "/phone" || error.status !== 422) fail("fields: " + error);
  if (error instanceof sdk.RateLimitError || error instanceof sdk.ConnectionError) fail("wrong class matched");
}
const result = await client.postLead({ email: "ana@example.com" }, { idempotencyKey: await sdk.idempotencyKey.from("smoke", 1) });
if (result.id !== "1" || !result.replayed || !result.callEligible || result.attempts !== 1) fail("result: " + JSON.stringify(result));
if (seen[1].headers.get("idempotency-key").length !== 64 || result.idempotencyKey !== seen[1].headers.get("idempotency-key")) fail("deterministic key");
if (seen[0].headers.get("x-stl-client") !== "speed-to-lead-sdk/${packageJson.version}") fail("X-STL-Client: " + seen[0].headers.get("x-stl-client"));
// The dual-package hazard: \`other\` is the package's other build (CJS from ESM, ESM from CJS), with its own classes.
if (other.ValidationError === sdk.ValidationError) fail("the other build is the same module");
const otherClient = other.createLeadClient({ baseUrl: "http://smoke.test", token: "t", maxRetries: 0,
  fetch: async () => new Response(JSON.stringify(problem), { status: 422, headers: { "Content-Type": "application/problem+json" } }) });
const foreign = await otherClient.postLead({ email: "ana@example.com" }).catch((error) => error);
if (!(foreign instanceof other.ValidationError)) fail("the other build's own instanceof: " + foreign);
if (!(foreign instanceof sdk.ValidationError) || !(foreign instanceof sdk.LeadIntakeError) || !(foreign instanceof sdk.SpeedToLeadError)) fail("instanceof across builds: " + foreign);
if (!sdk.isLeadIntakeError(foreign) || !sdk.isSpeedToLeadError(foreign) || sdk.isConnectionError(foreign)) fail("guards across builds: " + foreign);
if (foreign instanceof sdk.RateLimitError || !foreign.message.includes("/phone phone_not_us")) fail("kind or message across builds: " + foreign);
const local = new sdk.TimeoutError(5);
if (!other.isConnectionError(local) || !(local instanceof other.ConnectionError) || other.isLeadIntakeError(local)) fail("guards of the other build: " + local);
try { phone.normalizeUsPhone("12345"); } catch (error) { if (!other.isSpeedToLeadError(error)) fail("/phone error across builds: " + error); }
if (!(new sdk.TimeoutError(5) instanceof sdk.ConnectionError)) fail("TimeoutError");
// Aborts: an SDK error of their own; a DOMException is no SDK error, and no guard or instanceof throws on it.
const aborted = await sdk.createLeadClient({ baseUrl: "http://smoke.test", token: "t", fetch: () => new Promise(() => {}) })
  .postLead({ email: "ana@example.com" }, { signal: AbortSignal.timeout(5) }).catch((error) => error);
if (!(aborted instanceof sdk.UserAbortError) || !(aborted instanceof other.UserAbortError) || aborted.cause?.name !== "TimeoutError") fail("UserAbortError: " + aborted);
for (const stranger of [new DOMException("x", "AbortError"), aborted.cause, Object.create(null)]) {
  if (stranger instanceof sdk.SpeedToLeadError || stranger instanceof other.ValidationError || sdk.isSpeedToLeadError(stranger) || other.isConnectionError(stranger)) fail("a stranger passed for an SDK error");
}
// getLead through the pipeline: a 503 is retried, the token and the retry count are sent; STL_TOKEN and STL_BASE_URL from the environment.
const reads = [new Response("{}", { status: 503, headers: { "Retry-After": "0" } }), Response.json({ lead: { id: "l-1" } })];
// (then three unscripted answers: the /api call below fails each attempt, retried twice)
const readSeen = [];
const reader = sdk.createLeadClient({ fetch: async (request) => { readSeen.push(request); return reads.shift(); } });
const status = await sdk.getLead(reader, "l-1");
if (status.lead.id !== "l-1" || readSeen.length !== 2 || readSeen[1].headers.get("x-stl-retry-count") !== "1") fail("getLead: " + JSON.stringify(status));
if (readSeen[0].url !== "http://env.smoke.test/api/speed-to-lead/leads/l-1" || readSeen[0].headers.get("authorization") !== "Bearer stl_ch_from_env") fail("environment defaults: " + readSeen[0].url);
const dry = await sdk.createLeadClient({ baseUrl: "http://smoke.test", token: "t", fetch: async () => Response.json({ id: "1", created: true, test: false, call_eligible: true, received_at: "2026-11-20T20:00:00Z",
  respond_by: "2026-11-20T20:05:00Z", lead: {}, ignored_fields: [] }, { status: 201, headers: { "Dry-Run": "true" } }) }).postLead({ email: "ana@example.com" }, { dryRun: true });
if (dry.dryRun !== true) fail("dryRun: " + JSON.stringify(dry));
const spec = await api.createApiClient(reader).GET("/api/openapi.json").catch((error) => error);
if (!(spec instanceof sdk.ConnectionError) || readSeen.length !== 5) fail("/api through the pipeline (retried, then ConnectionError): " + spec);
if (phone.normalizeUsPhone("(415) 555-2671") !== "+14155552671") fail("normalizeUsPhone");
try { phone.normalizeUsPhone("+1 604 555 0100"); fail("Canada accepted"); }
catch (error) { if (!(error instanceof phone.PhoneNumberError) || error.code !== "phone_not_us") fail("PhoneNumberError: " + error); }
console.log("ok");
`;
  writeFileSync(
    join(app, "esm.mjs"),
    body(
      `import * as sdk from "@speed-to-lead/sdk";\nimport * as phone from "@speed-to-lead/sdk/phone";\nimport * as api from "@speed-to-lead/sdk/api";\nimport { createRequire } from "node:module";\nconst other = createRequire(import.meta.url)("@speed-to-lead/sdk");`,
    ),
  );
  writeFileSync(
    join(app, "cjs.cjs"),
    `(async () => {\nconst sdk = require("@speed-to-lead/sdk");
if (Object.keys(require.cache).some((path) => /libphonenumber|openapi-fetch|fast-sha256/.test(path))) throw new Error("main entry loaded a library of a subpath");
const phone = require("@speed-to-lead/sdk/phone");\nconst api = require("@speed-to-lead/sdk/api");\nconst other = await import("@speed-to-lead/sdk");\n${body("")}\n})().catch((error) => { console.error(error); process.exit(1); });\n`,
  );
  // /webhooks: a payload signed with standardwebhooks verifies; a tampered one throws the SDK's error.
  const webhooks = (load: string) => `${load}
const fail = (message) => { console.error("smoke failed: " + message); process.exit(1); };
const secret = "whsec_" + Buffer.from("0123456789abcdef0123456789abcdef").toString("base64");
const signed = (body) => {
  const at = new Date();
  const signature = new Webhook(secret).sign("msg_1", at, body);
  const headers = { "webhook-id": "msg_1", "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signature };
  return (sent) => new Request("http://localhost/hook", { method: "POST", headers, body: sent });
};
const body = JSON.stringify({ type: "lead.handoff", version: 2, data: { lead_id: "x" } });
const { event: payload, id } = await verifyWebhook(signed(body)(body), secret);
if (id !== "msg_1" || payload.type !== "lead.handoff" || payload.version !== 2) fail("verifyWebhook payload: " + JSON.stringify(payload));
try { await verifyWebhook(signed(body)(body.replace("x", "y")), secret); fail("tampered body verified"); }
catch (error) { if (!(error instanceof WebhookVerificationError) || !sdk.isSpeedToLeadError(error) || error.code !== "webhook_signature_invalid") fail("WebhookVerificationError: " + error); }
const test = signWebhook({ type: "lead.missed", version: 1, data: { lead_id: "x" } }, secret);
if (verifyWebhookBody(Buffer.from(test.body), { ...test.headers }, secret, { toleranceSeconds: 10 }).event.type !== "lead.missed") fail("signWebhook + verifyWebhookBody");
if (new Webhook(secret).sign(test.headers["webhook-id"], new Date(Number(test.headers["webhook-timestamp"]) * 1000), test.body) !== test.headers["webhook-signature"]) fail("signWebhook differs from standardwebhooks");
try { verifyWebhookBody(test.body, test.headers, ""); fail("empty secret verified"); }
catch (error) { if (!(error instanceof WebhookSecretError) || error instanceof WebhookVerificationError) fail("WebhookSecretError: " + error); }
console.log("ok");
`;
  writeFileSync(
    join(app, "webhooks.mjs"),
    webhooks(
      `import * as sdk from "@speed-to-lead/sdk";\nimport { signWebhook, verifyWebhook, verifyWebhookBody, WebhookSecretError, WebhookVerificationError } from "@speed-to-lead/sdk/webhooks";\nimport { Webhook } from "standardwebhooks";`,
    ),
  );
  writeFileSync(
    join(app, "webhooks.cjs"),
    `(async () => {\nconst sdk = require("@speed-to-lead/sdk");
if (Object.keys(require.cache).some((path) => path.includes("fast-sha256"))) throw new Error("main entry loaded fast-sha256");
const { signWebhook, verifyWebhook, verifyWebhookBody, WebhookSecretError, WebhookVerificationError } = require("@speed-to-lead/sdk/webhooks");\nconst { Webhook } = require("standardwebhooks");\n${webhooks("")}\n})().catch((error) => { console.error(error); process.exit(1); });\n`,
  );
  for (const [label, command, file] of [
    ["Node ESM", "node", "esm.mjs"],
    ["Node CJS", "node", "cjs.cjs"],
    ["Bun ESM", process.execPath, "esm.mjs"],
    ["Bun CJS", process.execPath, "cjs.cjs"],
    ["Deno ESM", "deno", "esm.mjs"],
    ["Node ESM /webhooks", "node", "webhooks.mjs"],
    ["Node CJS /webhooks", "node", "webhooks.cjs"],
  ] as const) {
    // Deno runs with the permissions an app grants: reading its files and the SDK's variables.
    const args =
      command === "deno"
        ? ["run", "--allow-read", "--allow-env=STL_TOKEN,STL_BASE_URL,STL_LOG", file]
        : [file];
    const out = run(command === "deno" ? join(sdkRoot, "node_modules/.bin/deno") : command, args, app, {
      STL_TOKEN: "stl_ch_from_env",
      STL_BASE_URL: "http://env.smoke.test",
    }).trim();
    check(out === "ok", `${label} printed ${out}`);
    console.log(`${label}: ok`);
  }

  // The published declarations, as a strict consumer compiles them (ESM and CJS, exactOptionalPropertyTypes):
  // the input rules hold and optional fields take undefined, in the .d.mts and the .d.cts alike.
  const typed = `import { createApiClient } from "@speed-to-lead/sdk/api";
import { consentBlock, createLeadClient, findLead, getLead, isLeadIntakeError, PermissionDeniedError, postLeads, UserAbortError, ValidationError, type LeadInput } from "@speed-to-lead/sdk";
import { createWebhookReceiver, signWebhook, verifyWebhookBody, type WebhookEvent } from "@speed-to-lead/sdk/webhooks";
import { normalizeUsPhone } from "@speed-to-lead/sdk/phone";
const maybe = (): string | undefined => undefined;
export const lead: LeadInput = { phone: normalizeUsPhone("(415) 555-2671"), first_name: maybe(), source: "partner",
  consent: consentBlock({ source: "webform", reference: "sub_1", capturedAt: new Date(), leadidToken: maybe(), sellers: ["Acme"] }) };
// @ts-expect-error sellers is a list of names.
export const oneSeller = consentBlock({ source: "webform", reference: "sub_1", capturedAt: new Date(), sellers: "Acme" });
// @ts-expect-error a lead needs a phone or an email.
export const noContact: LeadInput = { first_name: "Ana" };
export const custom: LeadInput = { email: "ana@example.com", source: "my-own-crm", language: undefined };
const client = createLeadClient({ baseUrl: "https://leads.example.com", token: "t", timeoutMs: undefined });
export const sent = client.postLead(lead, { signal: undefined, maxRetries: 0 }).withResponse().then(({ result, response }) =>
  [result.requestId, result.attempts, response.status]);
export const kind = (error: unknown) => (error instanceof ValidationError ? error.errors : isLeadIntakeError(error) ? error.status : 0);
// Every option takes undefined (exactOptionalPropertyTypes); reads and the openapi-fetch client take the client.
const unset = maybe();
export const configured = createLeadClient({ baseUrl: unset, token: unset, tokenHeader: undefined, fetch: undefined, onRetry: undefined,
  logLevel: undefined, logger: undefined, headers: { "Accept-Language": unset }, maxRetries: undefined });
export const read = getLead(client, "l-1", { signal: undefined, timeoutMs: undefined, headers: undefined }).then((s) => s.lead.response.state);
export const found = findLead(client, { platform: "crm", external_lead_id: "A-1" }, { maxRetries: 0 });
export const spec = createApiClient(client).GET("/api/openapi.json");
export const aborted = (error: unknown) => error instanceof UserAbortError && error.cause;
export const denied = (error: unknown) => error instanceof PermissionDeniedError && error.code;
export const dry = client.postLead(lead, { dryRun: true }).then((r): boolean => r.dryRun);
export const event = (body: string, headers: Record<string, string | string[] | undefined>): string => {
  const received: WebhookEvent = verifyWebhookBody(body, headers, ["whsec_x", "whsec_y"], { toleranceSeconds: undefined, now: undefined }).event;
  return received.type === "lead.handoff" ? String(received.data.call.permitted) : received.data.response.state;
};
export const batch = postLeads(client, [lead], { concurrency: 2, idempotencyKey: undefined }).then((items) =>
  items.map((item) => (item.ok ? item.result.id : item.idempotencyKey)));
export const conditional = getLead(client, "l-1", { ifNoneMatch: '"v1"' }).then((r) => (r.notModified ? r.etag : r.id));
export const receiver = createWebhookReceiver({ secret: "whsec_x" }).on("lead.missed", (missed, { id }) => void [missed.data.lead_id, id]);
export const signed = signWebhook({ type: "lead.opted_out", timestamp: "2026-11-20T20:00:00Z", data: { lead_id: "x" } }, "whsec_x", { id: undefined });
`;
  writeFileSync(join(app, "typed.mts"), typed);
  // The same text as .cts: TypeScript resolves it through the "require" conditions, to the .d.cts files.
  writeFileSync(join(app, "typed.cts"), typed);
  const tsc = join(sdkRoot, "../node_modules/.bin/tsc");
  for (const file of ["typed.mts", "typed.cts"]) {
    run(tsc, [...STRICT_CONSUMER, file], app);
    console.log(`declarations, ${file} (strict, exactOptionalPropertyTypes): ok`);
  }

  await checkBrowserBundles(app);
  await checkWorkerd(app);
} finally {
  if (existsSync(app)) rmSync(app, { recursive: true, force: true });
}
