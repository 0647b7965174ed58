// The doctor's edges on made-up windows: a receiver fixed since its refusals, retries farther apart than the
// duplicate window, and repeats (200) joining one lead are no findings; the clock's median keeps its sign.
import { describe, expect, it } from "vitest";
import { type DoctorRequest, type DoctorWindow, diagnoseIntegration } from "./integration-doctor.ts";

const NOW = Date.parse("2026-11-28T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000);

const request = (overrides: Partial<DoctorRequest> = {}): DoctorRequest => ({
  at: minutesAgo(1),
  status: 201,
  problemCode: null,
  pointers: null,
  dryRun: false,
  replayed: false,
  idempotencyKey: true,
  leadId: null,
  consentLagSeconds: 3_600,
  clockSkewSeconds: null,
  botCheckSent: null,
  ...overrides,
});

const window = (overrides: Partial<DoctorWindow>): DoctorWindow => ({
  requests: [],
  leads: [],
  deliveries: [],
  intakeOnly: false,
  ...overrides,
});

describe("the integration doctor's edges", () => {
  it("forgets a receiver's refusals once it took a callback since", () => {
    const delivery = (status: number | null, minutes: number) => ({
      at: minutesAgo(minutes),
      status,
      url: "https://crm.example/hook",
    });
    const refusing = [
      delivery(401, 1),
      delivery(null, 2),
      delivery(403, 3),
      delivery(204, 4),
      delivery(401, 5),
    ];
    expect(diagnoseIntegration(window({ deliveries: refusing }))).toEqual([
      { code: "receiver_rejects_signature", count: 2, url: "https://crm.example/hook", status: 401 },
    ]);
    expect(diagnoseIntegration(window({ deliveries: [delivery(200, 0), ...refusing] }))).toEqual([]);
    expect(diagnoseIntegration(window({ deliveries: [delivery(500, 1), delivery(401, 2)] }))).toEqual([]);
  });

  it("counts keyless leads of one body only within 10 minutes of each other, and never a repeat's 200", () => {
    const leads = [
      { id: "a", fingerprint: "same", receivedAt: minutesAgo(30) },
      { id: "b", fingerprint: "same", receivedAt: minutesAgo(19) },
      { id: "c", fingerprint: "same", receivedAt: minutesAgo(9) },
      { id: "d", fingerprint: "other", receivedAt: minutesAgo(8) },
    ];
    const keyless = (leadId: string, status = 201) => request({ idempotencyKey: false, leadId, status });
    const apart = [keyless("a"), keyless("b"), keyless("d"), keyless("d", 200)];
    expect(diagnoseIntegration(window({ requests: apart, leads }))).toEqual([]);
    expect(diagnoseIntegration(window({ requests: [...apart, keyless("c")], leads }))).toEqual([
      { code: "duplicates_without_key", count: 2 },
    ]);
  });

  it("says how far behind a clock runs from its Date headers", () => {
    const requests = [-400, -900, -700, 30].map((skew) => request({ clockSkewSeconds: skew }));
    expect(diagnoseIntegration(window({ requests }))).toEqual([
      { code: "clock_skew", count: 3, skewSeconds: -700 },
    ]);
  });

  it("leaves consent at send time alone on an intake-only token, whose form posts as the person submits", () => {
    const requests = Array.from({ length: 6 }, () => request({ consentLagSeconds: 0 }));
    expect(diagnoseIntegration(window({ requests }))).toEqual([{ code: "consent_at_send_time", count: 6 }]);
    expect(diagnoseIntegration(window({ requests, intakeOnly: true }))).toEqual([]);
  });
});
