// A ready curl and SDK snippet per doctor finding, with this server's URL; the token is never in them (a page
// shows a token's secret once, at creation): `$STL_TOKEN` stands for it. The console escapes them as any text.
import { BOT_CHECK_HEADER, LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import type { Finding } from "./integration-doctor.ts";

export interface DoctorSnippets {
  curl: string;
  sdk: string;
}

/** A shell word in single quotes: a receiver's URL is whatever its owner typed. */
const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

const curlPost = (baseUrl: string, headers: string[], body: string) =>
  [
    `curl -sS ${shellQuoted(`${baseUrl}${LEAD_INTAKE_PATH}`)} \\`,
    `  -H "Authorization: Bearer $STL_TOKEN" \\`,
    `  -H "Content-Type: application/json" \\`,
    ...headers.map((header) => `  -H ${shellQuoted(header)} \\`),
    `  -d ${shellQuoted(body)}`,
  ].join("\n");

const client = (baseUrl: string) =>
  `const client = createLeadClient({ baseUrl: ${JSON.stringify(baseUrl)}, token: process.env.STL_TOKEN! });`;

const LEAD = { phone: "(415) 555-2671", first_name: "Ana" };
const CONSENT = { source: "webform:/contact", reference: "sub_8812", captured_at: "2026-11-20T14:02:00Z" };
const body = (extra: Record<string, unknown> = {}) => JSON.stringify({ ...LEAD, consent: CONSENT, ...extra });

/** A lead built from the sender's own record of the submission (its id, phone and consent time). */
const leadFromRecord = [
  "const lead = {",
  "  phone: submission.phone,",
  "  consent: consentBlock({",
  `    source: "webform:/contact",`,
  "    reference: submission.id,",
  "    // When the person gave consent, kept with the submission: not the time of sending.",
  "    capturedAt: submission.consentedAt,",
  "  }),",
  "};",
];

/** The SDK's client, a lead from the sender's record, then how it is sent. */
const sdkFromRecord = (baseUrl: string, send: string[]) =>
  [
    `import { consentBlock, createLeadClient } from "@speed-to-lead/sdk";`,
    "",
    client(baseUrl),
    ...leadFromRecord,
    ...send,
  ].join("\n");

const SNIPPETS: Record<Finding["code"], (baseUrl: string, finding: Finding) => DoctorSnippets> = {
  duplicates_without_key: (baseUrl) => ({
    curl: [
      "# One key per lead, from your own record: a retry with it is answered with the first lead, never a second.",
      curlPost(baseUrl, ["Idempotency-Key: crm-sub-8812"], body()),
    ].join("\n"),
    sdk: sdkFromRecord(baseUrl, [
      "// postLead sends an Idempotency-Key and retries under it; one from your record survives a restart too.",
      'await client.postLead(lead, { idempotencyKey: "crm-" + submission.id });',
    ]),
  }),
  consent_at_send_time: (baseUrl) => ({
    curl: [
      "# captured_at: when the person gave consent (stored with the submission), not when this request is sent.",
      curlPost(baseUrl, [], body()),
    ].join("\n"),
    sdk: sdkFromRecord(baseUrl, ["await client.postLead(lead);"]),
  }),
  field_behind_422s: (baseUrl, finding) => {
    const pointer = finding.pointer ?? "";
    return {
      curl: [
        `# A dry run answers what a real post would, storing nothing: fix ${pointer || "the body"} until it is 201.`,
        `${curlPost(baseUrl, ["Dry-Run: true"], body())} \\`,
        `  | jq ${shellQuoted(`.errors[]? | select(.pointer == ${JSON.stringify(pointer)})`)}`,
      ].join("\n"),
      sdk: [
        `import { createLeadClient, ValidationError } from "@speed-to-lead/sdk";`,
        "",
        client(baseUrl),
        "try {",
        "  await client.postLead(lead, { dryRun: true });",
        "} catch (error) {",
        "  if (!(error instanceof ValidationError)) throw error;",
        `  console.log(error.errors.filter((e) => e.pointer === ${JSON.stringify(pointer)}));`,
        "}",
      ].join("\n"),
    };
  },
  clock_skew: (baseUrl) => ({
    curl: [
      "# Compare your clock with the server's, then keep it synchronised (NTP).",
      `curl -sSI ${shellQuoted(`${baseUrl}${LEAD_INTAKE_PATH}`)} | grep -i '^date:'`,
      "date -u '+%a, %d %b %Y %H:%M:%S GMT'",
      "sudo timedatectl set-ntp true",
    ].join("\n"),
    sdk: [
      `import { createLeadClient } from "@speed-to-lead/sdk";`,
      "",
      client(baseUrl),
      "// A dry run stores nothing; the Date header of its answer is the server's clock.",
      "const { response } = await client.postLead(lead, { dryRun: true }).withResponse();",
      `const skewSeconds = (Date.now() - Date.parse(response.headers.get("date")!)) / 1000;`,
      "console.log({ skewSeconds }); // more than a few seconds: synchronise this machine's clock (NTP)",
    ].join("\n"),
  }),
  bot_check_missing: (baseUrl) => ({
    curl: [
      "# The token your form's widget (Cloudflare Turnstile, hCaptcha) gave the visitor, on every post.",
      curlPost(baseUrl, [`${BOT_CHECK_HEADER}: <the widget token>`], body()),
    ].join("\n"),
    sdk: [
      `import { createLeadClient } from "@speed-to-lead/sdk";`,
      "",
      `const client = createLeadClient({ baseUrl: ${JSON.stringify(baseUrl)}, token: "stl_pk_…" });`,
      "// Turnstile puts the visitor's token in the form's cf-turnstile-response field.",
      `const botCheckToken = new FormData(form).get("cf-turnstile-response");`,
      "await client.postLead(lead, { botCheckToken: String(botCheckToken) });",
    ].join("\n"),
  }),
  receiver_rejects_signature: (_baseUrl, finding) => ({
    curl: [
      "# Sign a test callback as the service does (Standard Webhooks) with the token's callback secret, and post it",
      "# to your receiver: it must answer 2xx. If it refuses, it checks with another secret or a re-encoded body.",
      'id=msg_doctor; ts=$(date +%s); body=\'{"type":"lead.not_called"}\'',
      `key=$(printf '%s' "\${STL_CALLBACK_SECRET#whsec_}" | base64 -d | od -An -tx1 | tr -d ' \\n')`,
      `sig=$(printf '%s.%s.%s' "$id" "$ts" "$body" | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$key" -binary | base64)`,
      `curl -sS ${shellQuoted(finding.url ?? "https://example.com/hooks/stl")} -H "webhook-id: $id" \\`,
      `  -H "webhook-timestamp: $ts" -H "webhook-signature: v1,$sig" -H "Content-Type: application/json" -d "$body"`,
    ].join("\n"),
    sdk: [
      `import { verifyWebhook } from "@speed-to-lead/sdk/webhooks";`,
      "",
      "// The raw body, unparsed, and the secret shown when the callback URL was set (whsec_…).",
      "export async function POST(request: Request) {",
      "  const { event } = await verifyWebhook(request, process.env.STL_CALLBACK_SECRET!);",
      "  console.log(event.type);",
      "  return new Response(null, { status: 204 });",
      "}",
    ].join("\n"),
  }),
};

/** @example doctorSnippets("https://leads.example.com", { code: "clock_skew", count: 3 }).curl */
export function doctorSnippets(baseUrl: string, finding: Finding): DoctorSnippets {
  return SNIPPETS[finding.code](baseUrl, finding);
}
