import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookSigner } from "../../http/signed-webhook.ts";
import {
  type FakeAssistant,
  generateWebhookSecret,
  startFakeAssistant,
} from "../../testing/fake-assistant.ts";
import { createConsoleAssistant } from "./console-assistant.ts";
import type { HandoffPayload } from "./payload.ts";
import { createWebhookAssistant } from "./webhook-assistant.ts";

const payload = {
  type: "lead.handoff",
  timestamp: "2026-07-01T12:00:00.000Z",
  data: { lead_id: "0193f0c2-0000-7000-8000-000000000001", phone: "+14155552671" },
} as unknown as HandoffPayload;

describe("webhook assistant → fake assistant (Standard Webhooks)", () => {
  let fake: FakeAssistant;
  beforeAll(() => {
    fake = startFakeAssistant();
  });
  afterAll(() => fake.stop());

  it("signs each delivery so the assistant can verify it", async () => {
    const assistant = createWebhookAssistant({ url: fake.url, secret: fake.secret, timeoutMs: 2000 });
    expect(await assistant.deliver("msg_handoff_1", payload)).toEqual({ ok: true, status: 200 });
    const received = fake.deliveries.at(-1)!;
    expect(received.webhookId).toBe("msg_handoff_1");
    expect(received.payload).toEqual(payload);
  });

  it("a wrong secret is rejected by the assistant and reported as a failure", async () => {
    const before = fake.rejected;
    const impostor = createWebhookAssistant({
      url: fake.url,
      secret: generateWebhookSecret(),
      timeoutMs: 2000,
    });
    expect(await impostor.deliver("msg_handoff_2", payload)).toMatchObject({ ok: false, status: 401 });
    expect(fake.rejected).toBe(before + 1);
    expect(fake.acknowledged().has("msg_handoff_2")).toBe(false);
  });

  it("a non-2xx answer and a timeout are failures", async () => {
    const assistant = createWebhookAssistant({ url: fake.url, secret: fake.secret, timeoutMs: 100 });
    fake.failNext(1, 500);
    expect(await assistant.deliver("msg_handoff_3", payload)).toMatchObject({ ok: false, status: 500 });
    fake.setDelay(500);
    try {
      const result = await assistant.deliver("msg_handoff_4", payload);
      expect(result).toMatchObject({ ok: false });
      expect(result.ok === false && result.error).toMatch(/within 100 ms/);
    } finally {
      fake.setDelay(0);
    }
  });

  it("an unreachable assistant is a failure, not a throw", async () => {
    const assistant = createWebhookAssistant({
      url: "http://127.0.0.1:1/",
      secret: fake.secret,
      timeoutMs: 1000,
    });
    expect((await assistant.deliver("msg_handoff_5", payload)).ok).toBe(false);
  });

  it("refuses a secret that is not whsec_ + base64", () => {
    expect(() => createWebhookAssistant({ url: fake.url, secret: "whsec_%%%", timeoutMs: 1000 })).toThrow(
      /whsec_/,
    );
  });
});

describe("console assistant", () => {
  const whole = {
    ...payload,
    data: {
      ...payload.data,
      response_no: 2,
      call: { permitted: false, reason: "no_consent" },
      first_name: "Ana",
      last_name: "Ruiz",
      timezone: "America/Chicago",
      price: 350000,
      property_ref: "Ana Ruiz, 12 Elm St apt 4, call 415-555-2671",
      consent: { source: "webform:/contact", reference: "sub_8812", captured_at: "2026-07-01T11:59:00Z" },
      context: { note: "call after lunch" },
    },
  } as unknown as HandoffPayload;
  const printed = async (personalData?: "masked" | "full") => {
    const lines: string[] = [];
    const assistant = createConsoleAssistant((line) => lines.push(line), personalData);
    expect(await assistant.deliver("msg_handoff_9", whole)).toEqual({ ok: true });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith("\n")).toBe(true);
    return JSON.parse(lines[0]!);
  };

  it("prints one JSON line per hand-off with personal data masked by default", async () => {
    const line = await printed();
    expect(line).toMatchObject({ msg: "handoff", webhook_id: "msg_handoff_9" });
    expect(line.payload.data).toEqual({
      lead_id: whole.data.lead_id,
      // Which response this is and whether it may call say nothing about the person.
      response_no: 2,
      call: { permitted: false, reason: "no_consent" },
      timezone: "America/Chicago",
      price: 350000,
      // Free text may name the person, an address or a number: masked like a name.
      property_ref: "A•••",
      phone: "+1••••••••71",
      first_name: "A•••",
      last_name: "R•••",
      consent: "[masked]",
      context: "[masked]",
    });
  });

  it("masks the ZIP a call window's place names, like the postal_code field", async () => {
    const place = {
      kind: "place",
      jurisdiction: "US-PA",
      local_start: "08:00",
      local_end: "12:00",
      source: "s",
    };
    const lines: string[] = [];
    const withWindow = {
      ...whole,
      data: {
        ...whole.data,
        postal_code: "19104",
        call_window: {
          earliest: "2026-11-28T13:00:00.000Z",
          latest: "2026-11-28T17:00:00.000Z",
          rules_applied: [
            { ...place, name: "215", place: "area_code", checked: "2026-11-28" },
            { ...place, name: "19104", place: "postal_code", checked: "2024-04-10" },
          ],
        },
      },
    } as unknown as HandoffPayload;
    await createConsoleAssistant((line) => lines.push(line)).deliver("msg_handoff_10", withWindow);
    const { data } = JSON.parse(lines[0]!).payload;
    expect(data.postal_code).toBe("1•••");
    expect(data.call_window.rules_applied.map((rule: { name: string }) => rule.name)).toEqual([
      "215",
      "1•••",
    ]);
  });

  it("prints the hand-off whole when the operator asks for it", async () => {
    expect((await printed("full")).payload).toEqual(whole);
  });
});

describe("webhookSigner", () => {
  it("signs exactly as the Standard Webhooks library does, for any id, time and body", () => {
    const secrets = [
      generateWebhookSecret(),
      generateWebhookSecret(),
      `whsec_${Buffer.from("k").toString("base64")}`,
    ];
    const bodies = ["", "{}", JSON.stringify(payload), '{"name":"José Ñandú ☎ 𝄞"}', "x".repeat(70_000)];
    for (const secret of secrets) {
      const library = new Webhook(secret);
      const sign = webhookSigner(secret);
      for (const body of bodies) {
        for (const at of [new Date(0), new Date("2026-07-01T12:00:00.999Z"), new Date()]) {
          expect(sign("msg_handoff_1", at, body)).toBe(library.sign("msg_handoff_1", at, body));
        }
      }
    }
  });

  it("refuses a secret the library refuses", () => {
    expect(() => webhookSigner("whsec_", "ASSISTANT_WEBHOOK_SECRET")).toThrow(/ASSISTANT_WEBHOOK_SECRET/);
    expect(() => webhookSigner("whsec_not base64!", "ASSISTANT_WEBHOOK_SECRET")).toThrow(
      /ASSISTANT_WEBHOOK_SECRET/,
    );
  });
});
