// The integration doctor: from a bounded window of a token's requests, the leads they stored and its latest
// status-callback deliveries, the mistakes an integration shows, each with the number of requests behind it.
// Pure: doctor-window.ts reads the window, the console renders the findings (doctor-findings.tsx).

/** One logged request as the doctor reads it (request_log with the facts of request-facts.ts). */
export interface DoctorRequest {
  at: Date;
  status: number;
  problemCode: string | null;
  pointers: string[] | null;
  dryRun: boolean;
  replayed: boolean;
  idempotencyKey: boolean | null;
  leadId: string | null;
  consentLagSeconds: number | null;
  clockSkewSeconds: number | null;
  botCheckSent: boolean | null;
}

/** A lead one of the window's keyless requests stored: the fingerprint of its body and when it arrived. */
export interface DoctorLead {
  id: string;
  fingerprint: string | null;
  receivedAt: Date;
}

/** One status-callback attempt: the receiver's status (null without an answer) and where it went. */
export interface DoctorDelivery {
  at: Date;
  status: number | null;
  url: string;
}

export interface DoctorWindow {
  /** Newest first. */
  requests: DoctorRequest[];
  leads: DoctorLead[];
  /** Newest first. */
  deliveries: DoctorDelivery[];
  /** An intake-only token (a web form's): its posts are sent when consent is given, so that finding is moot. */
  intakeOnly: boolean;
}

/** The thresholds where the issue is silent; the page states them (doctor-text.ts) and the README too. */
export const DOCTOR_THRESHOLDS = {
  /** Two keyless accepted posts of one body within this many minutes are a retry that made a second lead. */
  duplicateMinutes: 10,
  /** captured_at within this many seconds of arrival is the send time… */
  sendTimeSeconds: 2,
  /** …and is a finding when every one of at least this many accepted leads carries it. */
  sendTimeMinLeads: 5,
  /** One pointer behind more than half of at least this many 422s. */
  min422s: 5,
  /** A clock off by more than this many seconds (5 minutes)… */
  skewSeconds: 300,
  /** …on at least this many requests. */
  skewMinRequests: 3,
  /** A receiver answering 401 or 403 since its last 2xx at least this many times. */
  signatureMinAttempts: 2,
} as const;

export type FindingCode =
  | "duplicates_without_key"
  | "consent_at_send_time"
  | "field_behind_422s"
  | "clock_skew"
  | "receiver_rejects_signature"
  | "bot_check_missing";

export interface Finding {
  code: FindingCode;
  /** The requests (or delivery attempts) it is based on. */
  count: number;
  /** field_behind_422s: the pointer, as the log keeps it (a plain name or `*`). */
  pointer?: string;
  /** field_behind_422s: the 422s looked at. */
  of?: number;
  /** clock_skew: the median seconds the sender's clock runs ahead (negative: behind). */
  skewSeconds?: number;
  /** receiver_rejects_signature: the receiver's URL and latest status. */
  url?: string;
  status?: number;
}

const accepted = (request: DoctorRequest) =>
  request.status >= 200 && request.status < 300 && !request.dryRun && !request.replayed;

/** Keyless posts that stored two leads or more of one body within the window's minutes of each other. */
function duplicatesWithoutKey(window: DoctorWindow): Finding | undefined {
  const leads = new Map(window.leads.map((lead) => [lead.id, lead]));
  const byFingerprint = new Map<string, Date[]>();
  const seen = new Set<string>();
  for (const request of window.requests) {
    // 201 only: a 200 joined a lead of the same external id, which is no second lead.
    if (request.status !== 201 || !accepted(request) || request.idempotencyKey !== false) continue;
    const lead = request.leadId ? leads.get(request.leadId) : undefined;
    if (!lead?.fingerprint || seen.has(lead.id)) continue;
    seen.add(lead.id);
    byFingerprint.set(lead.fingerprint, [...(byFingerprint.get(lead.fingerprint) ?? []), lead.receivedAt]);
  }
  const gap = DOCTOR_THRESHOLDS.duplicateMinutes * 60_000;
  let count = 0;
  for (const times of byFingerprint.values()) {
    const sorted = times.map((time) => time.getTime()).sort((a, b) => a - b);
    // Each lead with a neighbour of the same body close enough counts once.
    count += sorted.filter(
      (time, i) =>
        (i > 0 && time - sorted[i - 1]! <= gap) || (i + 1 < sorted.length && sorted[i + 1]! - time <= gap),
    ).length;
  }
  return count >= 2 ? { code: "duplicates_without_key", count } : undefined;
}

function consentAtSendTime(window: DoctorWindow): Finding | undefined {
  if (window.intakeOnly) return undefined;
  const lags = window.requests
    .filter((request) => accepted(request) && request.consentLagSeconds !== null)
    .map((request) => request.consentLagSeconds!);
  const atSend = lags.every((lag) => Math.abs(lag) <= DOCTOR_THRESHOLDS.sendTimeSeconds);
  return lags.length >= DOCTOR_THRESHOLDS.sendTimeMinLeads && atSend
    ? { code: "consent_at_send_time", count: lags.length }
    : undefined;
}

function fieldBehind422s(window: DoctorWindow): Finding | undefined {
  const refused = window.requests.filter((request) => request.problemCode === "validation_failed");
  if (refused.length < DOCTOR_THRESHOLDS.min422s) return undefined;
  const counts = new Map<string, number>();
  for (const request of refused)
    for (const pointer of new Set(request.pointers ?? []))
      counts.set(pointer, (counts.get(pointer) ?? 0) + 1);
  const [top] = [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1));
  if (!top || top[1] * 2 <= refused.length) return undefined;
  return { code: "field_behind_422s", count: top[1], pointer: top[0], of: refused.length };
}

/** How far ahead the sender's clock runs by one request: its Date header, or a captured_at after arrival. */
function aheadSeconds(request: DoctorRequest): number | undefined {
  if (request.clockSkewSeconds !== null && Math.abs(request.clockSkewSeconds) > DOCTOR_THRESHOLDS.skewSeconds)
    return request.clockSkewSeconds;
  // A consent captured after its own arrival only a fast clock writes; an old captured_at proves nothing.
  if (request.consentLagSeconds !== null && -request.consentLagSeconds > DOCTOR_THRESHOLDS.skewSeconds)
    return -request.consentLagSeconds;
  return undefined;
}

function clockSkew(window: DoctorWindow): Finding | undefined {
  const skews = window.requests.flatMap((request) => aheadSeconds(request) ?? []).sort((a, b) => a - b);
  if (skews.length < DOCTOR_THRESHOLDS.skewMinRequests) return undefined;
  return { code: "clock_skew", count: skews.length, skewSeconds: skews[Math.floor(skews.length / 2)]! };
}

function receiverRejectsSignature(window: DoctorWindow): Finding | undefined {
  // Only what came after the receiver last took one: a receiver fixed since shows nothing.
  const lastTaken = window.deliveries.findIndex(
    (d) => d.status !== null && d.status >= 200 && d.status < 300,
  );
  const since = lastTaken === -1 ? window.deliveries : window.deliveries.slice(0, lastTaken);
  const refused = since.filter((delivery) => delivery.status === 401 || delivery.status === 403);
  const [latest] = refused;
  if (!latest || refused.length < DOCTOR_THRESHOLDS.signatureMinAttempts) return undefined;
  return {
    code: "receiver_rejects_signature",
    count: refused.length,
    url: latest.url,
    status: latest.status!,
  };
}

function botCheckMissing(window: DoctorWindow): Finding | undefined {
  const count = window.requests.filter((request) => request.botCheckSent === false).length;
  return count > 0 ? { code: "bot_check_missing", count } : undefined;
}

/**
 * The findings of one token's window, in the order the page shows them (leads doubled first).
 *
 * @example diagnoseIntegration(await readDoctorWindow(db, owner)) // [{ code: "clock_skew", count: 4, skewSeconds: 612 }]
 */
export function diagnoseIntegration(window: DoctorWindow): Finding[] {
  return [
    duplicatesWithoutKey(window),
    fieldBehind422s(window),
    consentAtSendTime(window),
    clockSkew(window),
    botCheckMissing(window),
    receiverRejectsSignature(window),
  ].filter((finding): finding is Finding => finding !== undefined);
}
