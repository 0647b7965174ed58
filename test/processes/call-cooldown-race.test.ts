// Call bombing at one instant: fresh leads for one number posted all at once through a page's intake-only token
// give ONE call hand-off, the others joined as called_recently — on PGlite, on PostgreSQL, and with two server
// processes on one PostgreSQL (directly and through a transaction-mode pooler), where no process's memory
// can decide it.
import { type FakeAssistant, startFakeAssistant } from "@speed-to-lead/server/testing/fake-assistant";
import { afterAll, describe, expect, it } from "vitest";
import type { Backend } from "../harness/database-backend.ts";
import { sendToIntake } from "../harness/intake-request.ts";
import { useLeadServer } from "../harness/lead-server-fixture.ts";

const SETUPS: { backend: Backend; processes: number }[] = [
  { backend: "pglite", processes: 1 },
  { backend: "postgres", processes: 1 },
  { backend: "postgres", processes: 2 },
  // Through a transaction-mode pooler: the lock is the transaction's, so it holds there too.
  { backend: "pooled", processes: 2 },
];

describe.each(SETUPS)(
  "simultaneous posts for one number on $backend, $processes server process(es)",
  ({ backend, processes }) => {
    const assistant: FakeAssistant = startFakeAssistant();
    const server = useLeadServer(backend, {
      tokens: { page: "acme" },
      intakeOnly: ["page"],
      processes,
      env: { ASSISTANT_WEBHOOK_URL: assistant.url, ASSISTANT_WEBHOOK_SECRET: assistant.secret },
    });
    afterAll(() => assistant.stop());

    it.each([
      [5, "(415) 555-0171", false],
      [20, "(415) 555-0172", false],
      // Each with its own external id: stored one by one in transactions of their own, never in a batch.
      [5, "(415) 555-0173", true],
    ])(
      "%i posts at once for %s give one call hand-off (own external ids: %s)",
      async (count, victim, externalIds) => {
        const captured_at = new Date().toISOString();
        // Every post in flight before any answer: Promise.all over real HTTP, spread over the processes.
        const responses = await Promise.all(
          Array.from({ length: count }, (_, i) =>
            sendToIntake(server.processes[i % processes]!.baseUrl, {
              token: server.tokens.page.token,
              body: {
                phone: victim,
                email: `bomb-${count}-${i}@example.com`,
                ...(externalIds ? { platform: "web", external_lead_id: `bomb-${i}` } : {}),
                consent: { source: "webform:/contact", reference: `sub_${i}`, captured_at },
              },
            }),
          ),
        );
        expect(responses.map((response) => response.status)).toEqual(Array(count).fill(201));
        const ids = await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id));
        const ours = () => assistant.deliveries.filter((d) => ids.includes(d.payload.data.lead_id));
        // Each lead has an email: the joined ones are handed off too, for an email only.
        await assistant.waitUntil(
          () => new Set(ours().map((d) => d.payload.data.lead_id)).size === count,
          `${count} hand-offs`,
          60_000,
        );
        const calls = ours().filter((d) => d.payload.data.call.permitted);
        expect(calls).toHaveLength(1);
        const joined = ours().filter((d) => !d.payload.data.call.permitted);
        expect(joined.map((d) => d.payload.data.call)).toEqual(
          Array(count - 1).fill({ permitted: false, reason: "called_recently" }),
        );
      },
      90_000,
    );
  },
);
