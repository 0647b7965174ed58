import { describe, expect, it } from "vitest";
import { translator } from "../kit/dictionary.ts";
import { type LeadView, timelineEvents, windowSentence } from "./lead-timeline.tsx";

const received = new Date("2026-11-20T15:00:00Z");
const minutes = (n: number) => new Date(received.getTime() + n * 60_000);

/** A lead handed off, with nothing else in its story but the call attempts (and hand-offs and checks) given. */
const leadWith = (
  call_attempts: LeadView["call_attempts"],
  more: Partial<Pick<LeadView, "handoffs" | "call_checks" | "dnc_history" | "phone">> = {},
) =>
  ({
    received_at: received,
    respond_by: minutes(5),
    channel: { id: "t1", name: "Website form" },
    call_eligible: true,
    not_called_reason: null,
    response_state: "handed_off",
    repeats: { shown: [], earlier: 0, total: 0 },
    attempts: [],
    retries: [],
    dnc_history: [],
    callbacks: [],
    call_attempts,
    handoffs: [],
    call_checks: { checks: [], earlier: 0 },
    ...more,
  }) as unknown as LeadView;

describe("a lead's timeline", () => {
  it("puts each call attempt at its time, in order with the rest, in both languages", () => {
    const lead = leadWith({
      attempts: [{ attempted_at: minutes(2) }, { attempted_at: minutes(9) }],
      earlier: 0,
    });
    const events = timelineEvents(translator("en"), lead, new Map());
    expect(events.map((event) => [new Date(event.at).toISOString(), event.what])).toEqual([
      [received.toISOString(), "Received through “Website form”"],
      [received.toISOString(), "Decision: Call-eligible"],
      [minutes(2).toISOString(), "Call attempt by the assistant"],
      [minutes(9).toISOString(), "Call attempt by the assistant"],
    ]);
    expect(timelineEvents(translator("es"), lead, new Map()).at(-1)?.what).toBe(
      "Intento de llamada del asistente",
    );
  });

  it("counts the attempts older than those listed on one line before them", () => {
    const lead = leadWith({ attempts: [{ attempted_at: minutes(3) }], earlier: 7 });
    const whats = timelineEvents(translator("en"), lead, new Map()).map((event) => event.what);
    expect(whats.slice(-2)).toEqual([
      "Earlier call attempts, not listed: 7",
      "Call attempt by the assistant",
    ]);
    expect(timelineEvents(translator("es"), lead, new Map()).at(-2)?.what).toBe(
      "Intentos de llamada anteriores, no listados: 7",
    );
  });

  it("says which places decided a hand-off's call window, in both languages", () => {
    const place = (placeSource: string, name: string, decided: string[]) => ({
      kind: "place",
      jurisdiction: "US",
      name,
      local_start: "08:00",
      local_end: "15:00",
      source: "s",
      checked: "2026-11-28",
      place: placeSource,
      decided,
    });
    const decision = {
      call: { permitted: true },
      rules_version: "v",
      call_window: {
        earliest: "2026-11-28T13:00:00.000Z",
        latest: "2026-11-28T20:00:00.000Z",
        rules_applied: [place("area_code", "305", ["start"]), place("timezone", "UTC", ["end"])],
      },
    } as unknown as Parameters<typeof windowSentence>[1];
    expect(windowSentence(translator("en"), decision)).toBe(
      "Call window 2026-11-28 13:00–2026-11-28 20:00 UTC, decided by area code 305 (start), timezone UTC (end)",
    );
    expect(windowSentence(translator("es"), decision)).toBe(
      "Ventana de llamada 2026-11-28 13:00–2026-11-28 20:00 UTC, decidida por código de área 305 (inicio), zona horaria UTC (fin)",
    );
    expect(windowSentence(translator("en"), null)).toBeUndefined();
  });

  it("shows both numbers of a lead whose phone changed, the opt-out of the number called, and each pre-dial check with its reasons", () => {
    const handoff = (n: number, phone: string | null, at: Date) => ({
      id: `h${n}`,
      lead_id: "l1",
      account_id: "a1",
      response_no: n,
      phone,
      offered_at: at,
    });
    const check = (allowed: boolean, at: Date) => ({
      check_id: "c1",
      handoff_id: "h1",
      lead_id: "l1",
      phone: "+13055550101",
      checked_at: at.toISOString(),
      allowed,
      reasons: allowed
        ? []
        : [
            {
              code: "cap_reached" as const,
              until: "2026-11-21T15:00:00.000Z",
              jurisdiction: "US-FL",
              detail: "3 calls per 24 hours",
            },
          ],
      call_window: null,
      call_caps: [],
    });
    const lead = leadWith(
      { attempts: [], earlier: 0 },
      {
        phone: "+13055550202",
        handoffs: [handoff(1, "+13055550101", minutes(1)), handoff(2, "+13055550202", minutes(6))],
        call_checks: { checks: [check(true, minutes(2)), check(false, minutes(4))], earlier: 0 },
        dnc_history: [
          {
            phone: "+13055550101",
            action: "add",
            via: "assistant",
            actor: "msg_1",
            note: null,
            tasks_affected: 0,
            created_at: minutes(7),
          },
        ],
      },
    );
    const en = timelineEvents(translator("en"), lead, new Map()).slice(2);
    expect(en.map((event) => [event.what, event.detail ?? ""])).toEqual([
      ["Hand-off 1 offered (305) 555-0101", ""],
      ["Pre-dial check for (305) 555-0101: call allowed", ""],
      [
        "Pre-dial check for (305) 555-0101: call refused",
        "call cap reached US-FL until 2026-11-21 15:00 UTC",
      ],
      ["Hand-off 2 offered (305) 555-0202", ""],
      [
        "Asked not to be called (the assistant reported it); the number is on the do-not-call list",
        "Number (305) 555-0101 · Assistant · msg_1",
      ],
    ]);
    const es = timelineEvents(translator("es"), lead, new Map()).slice(2);
    expect(es.map((event) => event.what)).toEqual([
      "El traspaso 1 ofreció el (305) 555-0101",
      "Comprobación previa del (305) 555-0101: llamada permitida",
      "Comprobación previa del (305) 555-0101: llamada rechazada",
      "El traspaso 2 ofreció el (305) 555-0202",
      "Pidió que no le llamen (lo informó el asistente); el número está en la lista de no llamar",
    ]);
    expect(es[2]?.detail).toBe("límite de llamadas alcanzado US-FL hasta 2026-11-21 15:00 UTC");
  });
});
