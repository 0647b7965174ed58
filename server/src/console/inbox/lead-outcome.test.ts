import { describe, expect, it } from "vitest";
import { leadOutcome } from "./lead-outcome.ts";

describe("what happened to a lead, as the owner reads it", () => {
  it("keeps red for what needs the owner", () => {
    expect(leadOutcome({ call_eligible: true, not_called_reason: null, response_state: "missed" }).kind).toBe(
      "ok",
    );
    expect(
      leadOutcome({ call_eligible: false, not_called_reason: "no_consent", response_state: "not_called" }),
    ).toEqual({ kind: "needs-owner", label: "outcome.unanswerable", detail: "outcome.send.no_consent" });
    expect(
      leadOutcome({ call_eligible: false, not_called_reason: "no_phone", response_state: "missed" }),
    ).toEqual({ kind: "needs-owner", label: "outcome.email.missed", detail: "outcome.why.no_phone" });
  });

  it("says an email answer in a neutral style, and leaves test leads and listed numbers quiet", () => {
    expect(
      leadOutcome({ call_eligible: false, not_called_reason: "no_phone", response_state: "handed_off" }),
    ).toEqual({ kind: "email", label: "outcome.email.done", detail: "outcome.why.no_phone" });
    expect(
      leadOutcome({ call_eligible: false, not_called_reason: "no_consent", response_state: "pending" }).label,
    ).toBe("outcome.email.pending");
    expect(
      leadOutcome({ call_eligible: false, not_called_reason: "test", response_state: "not_called" }).kind,
    ).toBe("quiet");
    expect(
      leadOutcome({ call_eligible: false, not_called_reason: "opted_out", response_state: "not_called" }),
    ).toEqual({ kind: "quiet", label: "outcome.why.opted_out" });
  });
});
