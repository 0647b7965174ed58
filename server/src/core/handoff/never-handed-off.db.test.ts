// Property: over consent × phone × email × test × repeats, the phone reaches the assistant only for a call, each response once.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HandoffFixture, openHandoffFixtureOn } from "../../testing/handoff-fixture.ts";
import { propertyRuns } from "../../testing/property-runs.ts";
import { ANY_BACKEND } from "../../testing/test-database.ts";

const consentBlock = { source: "webform:/contact", reference: "sub_1", captured_at: "2026-01-02T03:04:05Z" };

const leadShape = fc.record({
  phone: fc.option(
    fc.integer({ min: 0, max: 99 }).map((n) => `(415) 555-01${String(n).padStart(2, "0")}`),
    { nil: undefined },
  ),
  email: fc.option(fc.constant("lead@example.com"), { nil: undefined }),
  test: fc.constantFrom(undefined, false, true),
  consent: fc.constantFrom(undefined, null, consentBlock),
  // A later repeat by external id that may bring the consent or the phone the first post lacked.
  repeat: fc.option(
    fc.record({
      consent: fc.constantFrom(undefined, null, consentBlock),
      phone: fc.option(fc.constant("(212) 555-0187"), { nil: undefined }),
      test: fc.constantFrom(undefined, true),
    }),
    { nil: undefined },
  ),
});

type LeadShape = typeof leadShape extends fc.Arbitrary<infer T> ? T : never;

describe("hand-off eligibility (property)", () => {
  let fixture: HandoffFixture;
  beforeAll(async () => {
    // The rule does not depend on the driver.
    fixture = await openHandoffFixtureOn(ANY_BACKEND);
    fixture.startDispatcher();
  });
  afterAll(() => fixture?.close());

  it("never gives the phone of a lead that may not be called, and answers every other lead once per response", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(leadShape, { minLength: 1, maxLength: 6 }), async (shapes: LeadShape[]) => {
        run++;
        const expected = new Map<string, boolean[]>();
        const posted: { shape: LeadShape; id: string; identity: Record<string, string> }[] = [];
        for (const [index, shape] of shapes.entries()) {
          if (!shape.phone && !shape.email) shape.email = "lead@example.com";
          const identity = {
            platform: "prop",
            external_lead_id: `run${run}-lead${index}-${crypto.randomUUID()}`,
          };
          const first = await fixture.post({ ...strip(shape, "repeat"), ...identity });
          expect(first.status).toBe(201);
          const call = Boolean(shape.phone && shape.consent && !shape.test);
          expect(first.body.call_eligible).toBe(call);
          // Each response, in order: true for a call hand-off, false for an email-only one.
          expected.set(first.body.id, call || (!shape.test && shape.email) ? [call] : []);
          posted.push({ shape, id: first.body.id, identity });
        }
        // The first responses are settled before the repeats, so each repeat meets a known state.
        await fixture.waitUntilSettled();
        for (const { shape, id, identity } of posted) {
          if (!shape.repeat) continue;
          // A repeat is a full request: it needs a contact too.
          const again = await fixture.post({ email: "lead@example.com", ...shape.repeat, ...identity });
          expect(again.status).toBe(200);
          // Test stays as the first post set it; consent and phone, once given, stay.
          const call = Boolean(
            (shape.phone || shape.repeat.phone) && (shape.consent || shape.repeat.consent) && !shape.test,
          );
          expect(again.body.call_eligible).toBe(call);
          const responses = expected.get(id)!;
          // A call newly permitted opens a call response, and so does a new number for a lead already called (it
          // is decided on its own); a lead not answered at all gets its email one.
          const newNumber = Boolean(shape.phone && shape.repeat.phone);
          if (!shape.test && call && (responses.at(-1) !== true || newNumber)) responses.push(true);
          else if (!shape.test && responses.length === 0) responses.push(false);
        }
        await fixture.waitUntilSettled();

        // At least once on the wire: the assistant counts a webhook-id once.
        const byWebhookId = new Map(fixture.assistant.deliveries.map((d) => [d.webhookId, d.payload.data]));
        for (const [leadId, responses] of expected) {
          const received = [...byWebhookId.values()].filter((data) => data.lead_id === leadId);
          expect(received.map((data) => data.call.permitted)).toEqual(responses);
          for (const data of received) {
            // What the assistant cannot use, it never receives.
            expect(data.phone === undefined).toBe(!data.call.permitted);
            expect(data.call_window === undefined).toBe(!data.call.permitted);
          }
        }
        const states = await fixture.db.query<{ id: string; response_state: string }>(
          "select id::text, response_state from leads where id = any($1::uuid[])",
          [[...expected.keys()]],
        );
        for (const { id, response_state } of states) {
          expect(response_state).toBe(expected.get(id)!.length > 0 ? "handed_off" : "not_called");
        }
      }),
      { numRuns: propertyRuns(40) },
    );
    expect(fixture.assistant.rejected).toBe(0);
  }, 120_000);
});

function strip<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const { [key]: _omitted, ...rest } = value;
  return rest;
}
