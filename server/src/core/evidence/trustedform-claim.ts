// TrustedForm certificates kept: each pending claim is sent to ActiveProspect's certificate API (v4 retain) before its 72 hours run out, retried, and its answer logged.
import { TRUSTEDFORM_URL_PATTERN } from "@speed-to-lead/spec";
import type { Database, Queryable } from "../../db/database.ts";
import { describeError, type Logger } from "../../logger.ts";

/** Where certificates are claimed: a certificate's own URL, unless tests point it at a fake. */
export const TRUSTEDFORM_ORIGIN = "https://cert.trustedform.com";

export interface ClaimSettings {
  /** TRUSTEDFORM_API_ORIGIN: the API's scheme, host and port (a local fake in tests). */
  origin: string;
  timeoutMs: number;
  /** The first retry waits this long, each next one twice as long, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Claims sent per round: a bound on what one round holds. */
  batch: number;
}

export const DEFAULT_CLAIM_SETTINGS: ClaimSettings = {
  origin: TRUSTEDFORM_ORIGIN,
  timeoutMs: 10_000,
  retryBaseMs: 60_000,
  retryMaxMs: 3_600_000,
  batch: 20,
};

/** What one request to the API came to. */
export type ClaimAnswer =
  | { kind: "retained"; status: number; expires_at: string | null; masked_cert_url: string | null }
  /** A final refusal (4xx other than 408 and 429): unknown certificate, bad key, expired. */
  | { kind: "refused"; status: number; reason: string }
  /** Worth another try: a timeout, a refused connection, 408, 429 or 5xx. */
  | { kind: "retry"; status: number | null; reason: string };

interface DueClaim {
  lead_id: string;
  cert_url: string;
  claim_by: Date | string;
  attempts: number;
  api_key: string;
  phone: string | null;
}

const certPattern = new RegExp(TRUSTEDFORM_URL_PATTERN);

/** The bounded text of an answer: a hostile or broken API cannot make the claimer hold more. */
async function answerText(response: Response): Promise<string> {
  const text = await response.text();
  return text.slice(0, 4_096);
}

/**
 * One retain request (TrustedForm API v4: POST to the certificate's URL, Basic API:<key>, `api-version: 4.0`),
 * matching the lead's phone against the certificate.
 */
export async function claimCertificate(
  claim: Pick<DueClaim, "lead_id" | "cert_url" | "api_key" | "phone">,
  settings: Pick<ClaimSettings, "origin" | "timeoutMs">,
): Promise<ClaimAnswer> {
  // ActiveProspect's own rule: the key goes only to a certificate URL of theirs.
  if (!certPattern.test(claim.cert_url))
    return { kind: "refused", status: 0, reason: "not a TrustedForm certificate URL" };
  const url = `${settings.origin}${new URL(claim.cert_url).pathname}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa(`API:${claim.api_key}`)}`,
        "api-version": "4.0",
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify({
        retain: { reference: claim.lead_id },
        ...(claim.phone ? { match_lead: { phone: claim.phone.replace(/^\+1/, "") } } : {}),
      }),
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    return { kind: "retry", status: null, reason: error instanceof Error ? error.message : String(error) };
  }
  const text = await answerText(response).catch(() => "");
  if (response.ok) {
    let body: { retain?: { results?: { expires_at?: string; masked_cert_url?: string } } } = {};
    try {
      body = JSON.parse(text);
    } catch {}
    const results = body.retain?.results ?? {};
    return {
      kind: "retained",
      status: response.status,
      expires_at: typeof results.expires_at === "string" ? results.expires_at : null,
      masked_cert_url: typeof results.masked_cert_url === "string" ? results.masked_cert_url : null,
    };
  }
  const reason = text.replace(/\s+/g, " ").slice(0, 300) || response.statusText;
  if (response.status === 408 || response.status === 429 || response.status >= 500)
    return { kind: "retry", status: response.status, reason };
  return { kind: "refused", status: response.status, reason };
}

/** The backoff after `attempts` tries. */
const retryDelay = (attempts: number, settings: ClaimSettings) =>
  Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));

/**
 * Sends the due claims (at most `batch`), records each answer on its claim and in the lead's evidence log
 * in one transaction. A claim past its 72 hours is closed as expired without a request.
 * Returns how many claims were answered.
 *
 * @example await runDueClaims(db, logger, DEFAULT_CLAIM_SETTINGS);
 */
export async function runDueClaims(db: Database, logger: Logger, settings: ClaimSettings): Promise<number> {
  const due = await db.query<DueClaim>(
    `select c.lead_id::text as lead_id, c.cert_url, c.claim_by, c.attempts, a.trustedform_api_key as api_key, l.phone
     from trustedform_claims c join accounts a on a.id = c.account_id join leads l on l.id = c.lead_id
     where c.status = 'pending' and c.next_attempt_at <= now() and a.trustedform_api_key is not null
     order by c.next_attempt_at limit $1`,
    [settings.batch],
  );
  let answered = 0;
  for (const claim of due) {
    const late = new Date(claim.claim_by).getTime() <= Date.now();
    const answer: ClaimAnswer | { kind: "expired" } = late
      ? { kind: "expired" }
      : await claimCertificate(claim, settings);
    try {
      await db.transaction((tx) => recordAnswer(tx, claim, answer, settings));
      answered++;
    } catch (error) {
      logger.warn("recording a TrustedForm claim failed", {
        lead_id: claim.lead_id,
        ...describeError(error),
      });
    }
  }
  return answered;
}

async function recordAnswer(
  tx: Queryable,
  claim: DueClaim,
  answer: ClaimAnswer | { kind: "expired" },
  settings: ClaimSettings,
): Promise<void> {
  const attempts = claim.attempts + (answer.kind === "expired" ? 0 : 1);
  const nextAt = new Date(Date.now() + retryDelay(attempts, settings));
  // A retry that would land after the window closes is the last chance: expire at the window's end.
  const retryBy = new Date(Math.min(nextAt.getTime(), new Date(claim.claim_by).getTime()));
  const status = answer.kind === "retry" ? "pending" : answer.kind;
  const updated = await tx.query(
    `update trustedform_claims set status = $2, attempts = $3, next_attempt_at = $4, last_error = $5
     where lead_id = $1 and status = 'pending' and attempts = $6 returning lead_id`,
    [
      claim.lead_id,
      status,
      attempts,
      retryBy,
      answer.kind === "refused" || answer.kind === "retry" ? answer.reason : null,
      claim.attempts,
    ],
  );
  // Another process answered it meanwhile: its answer is the one logged.
  if (updated.length === 0) return;
  const { kind, ...data } = answer;
  await tx.query("select evidence_append($1, 'trustedform_claim', $2::text::jsonb)", [
    claim.lead_id,
    JSON.stringify({ outcome: kind, attempt: attempts, cert_url: claim.cert_url, ...data }),
  ]);
}

/** The claimer's loop in a server: a round every `intervalMs`, never two at once. */
export function startTrustedFormClaims(
  db: Database,
  logger: Logger,
  settings: ClaimSettings,
  intervalMs: number,
) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await runDueClaims(db, logger, settings);
    } catch (error) {
      logger.warn("TrustedForm claims round failed", describeError(error));
    } finally {
      running = false;
    }
  }, intervalMs);
  return { stop: () => clearInterval(timer) };
}
