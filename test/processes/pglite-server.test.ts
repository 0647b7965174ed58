// A real server process on the embedded database: demo token and sign-in link, folder lock, graceful shutdown,
// restart (leads and owner sessions survive it).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ConsoleClient,
  consoleClient,
  fetchHandle,
  OWNER_PASSWORD,
} from "@speed-to-lead/server/testing/console-client";
import { completeConsent } from "@speed-to-lead/server/testing/intake-requests";
import { LEAD_INTAKE_PATH, MAX_BODY_BYTES } from "@speed-to-lead/spec";
import { afterAll, describe, expect, it } from "vitest";
import { postLead } from "../harness/lead-http.ts";
import { type ServerProcess, startServerProcess, untilReady } from "../harness/server-process.ts";
import { schemaErrors } from "../harness/spec-ajv.ts";
import { runCli } from "../harness/stl-cli.ts";

const base = mkdtempSync(join(tmpdir(), "stl-pglite-"));
const env = { PGLITE_DIR: join(base, "data") };
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL");
  rmSync(base, { recursive: true, force: true });
});

describe("server on PGlite, as `bun start` runs it", () => {
  let server: ServerProcess;
  let demoToken: string;
  let firstLead: { id: string; text: string };
  let owner: ConsoleClient;
  let signInSecret: string;
  const lead = {
    phone: "(415) 555-2671",
    first_name: "Ana",
    idempotency_key: "restart-key",
    consent: completeConsent(),
  };

  it("prints a demo token and a curl command on a new database, and the token works", async () => {
    server = await startServerProcess({ env, until: "listening" });
    servers.push(server);
    await untilReady(server);
    const output = server.lines.join("\n");
    demoToken = /stl_ch_[A-Za-z0-9_-]{43}/.exec(output)![0];
    expect(output).toContain(`curl -sS ${server.baseUrl}${LEAD_INTAKE_PATH}`);
    expect(output).toContain(`-H "Authorization: Bearer ${demoToken}"`);
    const response = await postLead(server.baseUrl, { token: demoToken, body: lead });
    expect(response.status).toBe(201);
    expect(schemaErrors("LeadAccepted", response.body)).toEqual([]);
    firstLead = { id: response.body.id, text: response.text };
  });

  it("prints a sign-in link for the demo account's owner, which opens the console", async () => {
    const output = server.lines.join("\n");
    const link = new RegExp(`${server.baseUrl}/console/link/([A-Za-z0-9_-]{43})`).exec(output);
    expect(link, output).not.toBeNull();
    signInSecret = link![1]!;
    owner = consoleClient(fetchHandle, server.baseUrl);
    expect((await owner.get(`/console/link/${signInSecret}`)).status).toBe(200);
    expect(owner.html).toContain("owner@demo.example");
    const set = await owner.post("/console/link", {
      link: signInSecret,
      password: OWNER_PASSWORD,
      confirm: OWNER_PASSWORD,
    });
    // The console's start: the inbox, since the demo account has a lead now.
    expect([set.status, set.headers.get("location")]).toEqual([303, "/console"]);
    const start = await owner.get("/console");
    expect([start.status, start.headers.get("location")]).toEqual([303, "/console/inbox"]);
    expect((await owner.get("/console/integrations")).status).toBe(200);
    expect(owner.html).toContain("demo token (created at first start)");
  });

  it("streams a lead this process takes to the owner's open inbox (the in-process feed)", async () => {
    const stream = await owner.get("/console/inbox/events");
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const posted = await postLead(server.baseUrl, {
      token: demoToken,
      body: { phone: "(415) 555-0142", first_name: "Lia" },
    });
    expect(posted.status).toBe(201);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes(posted.body.id)) {
      const next = await reader.read();
      if (next.done) break;
      text += decoder.decode(next.value, { stream: true });
    }
    await reader.cancel();
    expect(text).toContain("event: leads");
    expect(text).toContain(posted.body.id);
  });

  it("logs the request as one JSON line without the token or the lead", async () => {
    const line = await server.waitForLine((l) => l.includes(firstLead.id) && l.includes('"msg":"request"'));
    expect(JSON.parse(line)).toMatchObject({ method: "POST", status: 201, lead_id: firstLead.id });
    // The demo's console assistant prints the hand-off too, with personal data masked by default.
    const handoff = await server.waitForLine(
      (l) => l.includes('"msg":"handoff"') && l.includes(firstLead.id),
    );
    expect(JSON.parse(handoff).payload.data).toMatchObject({ phone: "+1••••••••71", first_name: "A•••" });
    await server.waitForLine((l) => l.includes("console assistant masks phone, names, consent and context"));
    const logs = server.lines.filter((l) => l.startsWith("{")).join("\n");
    expect(logs).not.toContain(demoToken);
    expect(logs).not.toContain(signInSecret);
    expect(logs).toContain('"path":"/console/link/:link"');
    expect(logs).not.toContain("555-2671");
    expect(logs).not.toContain("+14155552671");
    expect(logs).not.toContain("Ana");
    expect(logs).not.toContain(lead.consent.reference);
  });

  it("refuses 413 over real HTTP without reading a large body", async () => {
    const response = await fetch(`${server.baseUrl}${LEAD_INTAKE_PATH}`, {
      method: "POST",
      headers: { authorization: `Bearer ${demoToken}`, "content-type": "application/json" },
      body: JSON.stringify({ phone: "4155552671", context: { pad: "x".repeat(MAX_BODY_BYTES * 4) } }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe("payload_too_large");
  });

  it("keeps the folder locked: the CLI refuses it while the server runs", async () => {
    const result = await runCli(["tokens", "list"], env);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`is in use by another process (pid ${server.pid})`);
  });

  it("finishes a request in flight on SIGTERM, then exits 0", async () => {
    const encoder = new TextEncoder();
    let push!: (text: string) => void;
    let finish!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
        finish = () => controller.close();
      },
    });
    const inFlight = fetch(`${server.baseUrl}${LEAD_INTAKE_PATH}`, {
      method: "POST",
      headers: { authorization: `Bearer ${demoToken}`, "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    push('{"email":"slow@example.com",');
    // Time for the headers to reach the server over loopback; the body is still open after it.
    await Bun.sleep(300);
    const exited = server.stop("SIGTERM");
    await server.waitForLine((l) => l.includes('"msg":"shutting down"'));
    push('"first_name":"Late"}');
    finish();
    const response = await inFlight;
    expect(response.status).toBe(201);
    expect(await exited).toBe(0);
  });

  it("lets the CLI in once the server stopped, with last_used_at kept", async () => {
    const result = await runCli(["tokens", "list", "--json"], env);
    expect(result.exitCode, result.stderr).toBe(0);
    const [demo] = JSON.parse(result.stdout);
    expect(demo).toMatchObject({ account: "demo", revoked_at: null });
    expect(demo.last_used_at).not.toBeNull();
    expect(result.stdout).not.toContain(demoToken);
  });

  it("restarts on the same data without a new demo token and replays the earlier lead", async () => {
    server = await startServerProcess({ env, until: "listening" });
    servers.push(server);
    await untilReady(server);
    expect(server.lines.join("\n")).not.toContain("stl_ch_");
    const replay = await postLead(server.baseUrl, { token: demoToken, body: lead });
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(firstLead.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  it("keeps the owner signed in across the restart, until sign-out ends the session", async () => {
    expect(server.lines.join("\n")).not.toContain("/console/link/");
    // The restarted server listens on another port: the same browser cookies, sent to it.
    const browser = consoleClient(fetchHandle, server.baseUrl);
    for (const [name, value] of owner.cookies) browser.cookies.set(name, value);
    expect((await browser.get("/console/integrations")).status).toBe(200);
    expect((await browser.post("/console/sign-out", {})).status).toBe(303);
    const after = await browser.get("/console/integrations");
    expect([after.status, after.headers.get("location")]).toEqual([
      303,
      "/console/sign-in?next=%2Fconsole%2Fintegrations",
    ]);
    expect(await server.stop("SIGINT")).toBe(0);
  });
});
