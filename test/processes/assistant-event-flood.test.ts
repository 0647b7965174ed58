// A flood of unsigned and forged assistant events from one address beside the assistant's signed events, on a
// real server process: every signed event is applied, the flood is limited, memory stays flat.
import { completeConsent } from "@speed-to-lead/server/testing/intake-requests";
import { ASSISTANT_EVENTS_PATH } from "@speed-to-lead/spec";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { sendToIntake } from "../harness/intake-request.ts";
import { useLeadServer } from "../harness/lead-server-fixture.ts";
import { residentMiB, samplePeakResident } from "../harness/resident-memory.ts";

const secret = `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64")}`;
const forgedSecret = `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64")}`;

describe("an unsigned flood beside a signed event", () => {
  // No ASSISTANT_WEBHOOK_URL: hand-offs go to the console assistant; the secret verifies the events.
  const server = useLeadServer("postgres", {
    tokens: { website: "acme" },
    env: { ASSISTANT_WEBHOOK_SECRET: secret, FAILED_AUTH_PER_MINUTE: "60" },
  });

  const postEvent = (body: string, headers: Record<string, string>) =>
    fetch(`${server.baseUrl}${ASSISTANT_EVENTS_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });

  function signedHeaders(body: string, key: string) {
    const id = `msg_${crypto.randomUUID()}`;
    const at = new Date();
    return {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(key).sign(id, at, body),
    };
  }

  it("applies every signed opt-out while forgeries from the same address get 401, then 429", async () => {
    const token = server.tokens.website.token;
    const pid = server.processes[0]!.pid;
    const leadIds: string[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await sendToIntake(server.baseUrl, {
        token,
        body: { phone: `(512) 555-01${String(10 + i)}`, consent: completeConsent() },
      });
      expect(response.status).toBe(201);
      leadIds.push(((await response.json()) as { id: string }).id);
    }
    const rssBefore = residentMiB(pid);
    const peak = samplePeakResident(pid);

    let done = false;
    const floodStatuses = new Map<number, number>();
    const flooder = async (n: number) => {
      for (let i = 0; !done; i++) {
        const body = JSON.stringify({
          type: "lead.opted_out",
          timestamp: new Date().toISOString(),
          data: { lead_id: leadIds[i % leadIds.length] },
        });
        // Half unsigned, half signed with a key that is not the assistant's.
        const headers =
          n % 2
            ? { "webhook-id": "msg_x", "webhook-timestamp": "1", "webhook-signature": "" }
            : signedHeaders(body, forgedSecret);
        const response = await postEvent(body, headers);
        await response.arrayBuffer();
        floodStatuses.set(response.status, (floodStatuses.get(response.status) ?? 0) + 1);
      }
    };
    const flood = Array.from({ length: 16 }, (_, n) => flooder(n));

    const signed: number[] = [];
    try {
      for (const leadId of leadIds) {
        await Bun.sleep(200);
        const body = JSON.stringify({
          type: "lead.opted_out",
          timestamp: new Date().toISOString(),
          data: { lead_id: leadId },
        });
        const response = await postEvent(body, signedHeaders(body, secret));
        // The console assistant took the hand-off already: nothing is left to cancel, but the number is listed.
        expect(await response.json()).toEqual({
          type: "lead.opted_out",
          lead_id: leadId,
          // The number the hand-off offered, which the opt-out applies to.
          phone: expect.stringMatching(/^\+151255501\d\d$/),
          handoffs_cancelled: 0,
        });
        signed.push(response.status);
      }
    } finally {
      done = true;
      await Promise.all(flood);
    }
    const peakMiB = peak.stop();

    expect(signed).toEqual(leadIds.map(() => 200));
    expect([...floodStatuses.keys()].sort()).toEqual([401, 429]);
    expect(peakMiB - rssBefore).toBeLessThan(200);
    console.log(
      `assistant-event flood: signed ${signed.length}/${leadIds.length} applied, flood answers ` +
        `${JSON.stringify(Object.fromEntries(floodStatuses))}, RSS ${rssBefore.toFixed(0)} → peak ${peakMiB.toFixed(0)} MiB`,
    );
  });
});
