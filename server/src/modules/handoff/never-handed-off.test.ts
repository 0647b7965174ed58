// Property: over many generated leads, only call-eligible ones reach the assistant, each exactly once.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPostgresTestDatabase,
  type HandoffFixture,
  openHandoffFixture,
} from "./testing/handoff-fixture.ts";

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
    // PostgreSQL: the rule does not depend on the driver, and its setup is quicker than PGlite's.
    fixture = await openHandoffFixture(await createPostgresTestDatabase());
    fixture.startDispatcher();
  });
  afterAll(() => fixture?.close());

  it("test leads, leads without complete consent and leads without a phone are never handed off", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(leadShape, { minLength: 1, maxLength: 6 }), async (shapes: LeadShape[]) => {
        run++;
        const expected = new Map<string, boolean>();
        for (const [index, shape] of shapes.entries()) {
          if (!shape.phone && !shape.email) shape.email = "lead@example.com";
          const identity = {
            platform: "prop",
            external_lead_id: `run${run}-lead${index}-${crypto.randomUUID()}`,
          };
          const first = await fixture.post({ ...strip(shape, "repeat"), ...identity });
          expect(first.status).toBe(201);
          let eligible = first.body.call_eligible;
          expect(eligible).toBe(Boolean(shape.phone && shape.consent && !shape.test));
          if (shape.repeat) {
            // A repeat is a full request: it needs a contact too.
            const again = await fixture.post({ email: "lead@example.com", ...shape.repeat, ...identity });
            expect(again.status).toBe(200);
            // Test stays as the first post set it; consent and phone, once given, stay.
            eligible = Boolean(
              (shape.phone || shape.repeat.phone) && (shape.consent || shape.repeat.consent) && !shape.test,
            );
            expect(again.body.call_eligible).toBe(eligible);
          }
          expected.set(first.body.id, eligible);
        }
        await fixture.waitUntilSettled();

        const delivered = fixture.assistant.deliveries.map((delivery) => delivery.payload.data.lead_id);
        for (const [leadId, eligible] of expected) {
          expect(delivered.filter((id) => id === leadId)).toHaveLength(eligible ? 1 : 0);
        }
        const states = await fixture.db.query<{ id: string; response_state: string }>(
          "select id::text, response_state from leads where id = any($1::uuid[])",
          [[...expected.keys()]],
        );
        for (const { id, response_state } of states) {
          expect(response_state).toBe(expected.get(id) ? "handed_off" : "not_called");
        }
      }),
      { numRuns: 40 },
    );
    expect(fixture.assistant.rejected).toBe(0);
  });
});

function strip<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const { [key]: _omitted, ...rest } = value;
  return rest;
}
