// "Recover since", the pause and "Resume" on two real server processes sharing PostgreSQL, beside a real receiver
// on loopback and a real SMTP inbox: a recovery re-sends a period's callbacks under their first webhook-ids; a token
// failing past CALLBACK_PAUSE_AFTER_MS (shortened here) is paused once, its owner mailed once, nothing more sent
// while paused (new callbacks kept), and Resume delivers the kept ones.
import {
  type ConsoleClient,
  fetchHandle,
  signInWithLink,
} from "@speed-to-lead/server/testing/console-client";
import { eventually } from "@speed-to-lead/server/testing/eventually";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerSignInLink } from "../harness/console-servers.ts";
import { sendToIntake } from "../harness/intake-request.ts";
import { useLeadServer } from "../harness/lead-server-fixture.ts";
import { type SmtpInbox, startSmtpInbox } from "../harness/smtp-inbox.ts";

const PAUSE_AFTER_MS = 1_500;

/** A receiver in this process: answers 204 while up, 503 while down, and keeps every webhook-id it was sent. */
function switchableReceiver() {
  const received: string[] = [];
  const state = { up: true };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      await request.text();
      received.push(request.headers.get("webhook-id") ?? "");
      return new Response(null, { status: state.up ? 204 : 503 });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/hook`, received, state, stop: () => server.stop(true) };
}

describe("recovering, pausing and resuming a token's status callbacks across two processes", () => {
  const receiver = switchableReceiver();
  const env: Record<string, string> = {
    CALLBACK_RETRY_BASE_MS: "100",
    CALLBACK_RETRY_MAX_MS: "200",
    CALLBACK_PAUSE_AFTER_MS: String(PAUSE_AFTER_MS),
    DISPATCHER_POLL_MS: "100",
    PUBLIC_URL: "https://leads.example.com",
    SMTP_INSECURE: "true",
    LOG_LEVEL: "error",
  };
  let smtp: SmtpInbox;
  // Registered before the servers' hook: their environment names the inbox.
  beforeAll(async () => {
    smtp = await startSmtpInbox();
    env.SMTP_URL = smtp.url;
  });
  const server = useLeadServer("postgres", {
    processes: 2,
    tokens: { crm: "acme" },
    callbacks: { crm: receiver.url },
    env,
  });
  let owner: ConsoleClient;
  beforeAll(async () => {
    const link = await ownerSignInLink(server.database.env, server.baseUrl);
    owner = await signInWithLink(fetchHandle, link, { base: server.baseUrl });
  }, 60_000);
  afterAll(async () => {
    receiver.stop();
    await smtp?.close();
  });

  const tokenPage = () => `/console/integrations/tokens/${server.tokens.crm.id}/requests`;
  const postLead = async (tag: string) => {
    const response = await sendToIntake(server.baseUrl, {
      token: server.tokens.crm.token,
      body: { email: `${tag}@example.com`, test: true },
    });
    await response.arrayBuffer();
    expect(response.status).toBe(201);
  };
  const sql = () => new Bun.SQL(server.database.env.DATABASE_URL!, { max: 1 });

  it("re-sends every callback of a period under the webhook-id it was first sent with", async () => {
    const since = new Date(Date.now() - 60_000).toISOString().slice(0, 19).replace("T", " ");
    for (const tag of ["a", "b", "c"]) await postLead(`recover-${tag}`);
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 3,
    );
    const first = [...receiver.received];
    expect(new Set(first).size).toBe(3);

    await owner.get(tokenPage());
    const recovered = await owner.post(
      `/console/integrations/tokens/${server.tokens.crm.id}/callbacks/recover`,
      { from: since },
    );
    expect(recovered.status).toBe(303);
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 6,
    );
    expect(receiver.received.slice(3).sort()).toEqual([...first].sort());
  });

  it("pauses a token failing past the limit once, sends nothing while paused, and Resume delivers the kept ones", async () => {
    receiver.state.up = false;
    const sentBefore = receiver.received.length;
    await postLead("pause-first");
    const db = sql();
    try {
      const paused = await eventually(
        async () =>
          (await db`select callbacks_paused_at from channel_tokens where id = ${server.tokens.crm.id}`)[0]
            .callbacks_paused_at,
        (value) => value !== null,
      );
      expect(paused).not.toBeNull();
      // Retries came every 100–200 ms until the pause, then none (both processes poll every 100 ms).
      const failedAttempts = receiver.received.length - sentBefore;
      expect(failedAttempts).toBeGreaterThan(2);
      await postLead("pause-kept");
      receiver.state.up = true;
      await Bun.sleep(1_500);
      expect(receiver.received.length - sentBefore).toBe(failedAttempts);
      const [{ n: kept }] = await db`select count(*)::int as n from status_callbacks
        where channel_token_id = ${server.tokens.crm.id} and status = 'pending'`;
      expect(kept).toBe(2);

      // One mail to the owner, whichever process paused it (the sign-in's own mails aside); the banner on the page.
      const link = `https://leads.example.com${tokenPage()}`;
      const pauseMails = () =>
        smtp.mails.filter((mail) => mail.raw.replace(/=\r?\n/g, "").includes(link)).map((mail) => mail.to);
      await eventually(
        async () => pauseMails().length,
        (n) => n >= 1,
      );
      await Bun.sleep(500);
      expect(pauseMails()).toEqual([["ana@acme.example"]]);
      const page = await (await owner.get(tokenPage())).text();
      expect(page).toContain('id="callbacks-paused"');

      const resumed = await owner.post(
        `/console/integrations/tokens/${server.tokens.crm.id}/callbacks/resume`,
        {},
      );
      expect(resumed.status).toBe(303);
      const [{ n: delivered }] = await eventually(
        async () =>
          await db`select count(*)::int as n from status_callbacks
          where channel_token_id = ${server.tokens.crm.id} and status = 'pending'`,
        (rows) => rows[0].n === 0,
      );
      expect(delivered).toBe(0);
      const afterResume = receiver.received.slice(sentBefore + failedAttempts);
      expect(afterResume).toHaveLength(2);
      // The first one under the webhook-id of its failed attempts.
      expect(afterResume).toContain(receiver.received[sentBefore]);
    } finally {
      await db.close();
    }
  });
});
