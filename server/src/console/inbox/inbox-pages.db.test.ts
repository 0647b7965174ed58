// The inbox pages through real HTTP handling on PGlite: hostile lead fields render as text in the list, the detail,
// the stream and the CSV; another account's owner sees none of these leads anywhere; the forms are guarded.
import { IGNORED_FIELD_NAME_MAX } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { createChannelToken } from "../../core/accounts/token-repository.ts";
import { feedCursorAt } from "../../core/inbox/changes-since.ts";
import { DEFAULT_PAGE_SIZE } from "../../core/inbox/inbox-page.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { type ConsoleClient, signedInOwner } from "../../testing/console-client.ts";
import { elementTexts } from "../../testing/element-texts.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { HOSTILE_SELECTORS, hostileLead, SOURCE_MAX, XSS_PAYLOADS } from "../../testing/hostile-leads.ts";
import { createTestToken, intakeRequest } from "../../testing/intake-requests.ts";
import { SESSION_CHECK_MS } from "./inbox-stream.ts";

let db: Database;
let app: App;
let acme: ConsoleClient;
let other: ConsoleClient;
const handle = (request: Request) => app.handle(request);
/** Lead id → the payload it carries. */
const leads = new Map<string, string>();
const startedAt = new Date(Date.now() - 1_000);

/** Matches of a CSS selector and their text, read by a real HTML parser (HTMLRewriter). */
const elements = elementTexts;

/** The value of attribute `name` on every match of a CSS selector, as the parser reads it. */
async function attributes(html: string, selector: string, name: string): Promise<string[]> {
  const values: string[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element(element) {
        values.push(element.getAttribute(name) ?? "");
      },
    })
    .transform(new Response(html))
    .text();
  return values;
}

const decode = (text: string) =>
  text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&#34;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");

async function hostileMatches(html: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const selector of HOSTILE_SELECTORS) {
    const count = (await elements(html, selector)).length;
    if (count > 0) found[selector] = count;
  }
  return found;
}

/** Reads a stream's text until `done` holds, the server ends it, or `ms` pass; then closes it (the client goes away). */
async function readStreamUntil(response: Response, done: (text: string) => boolean, ms: number) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let ended = false;
  const deadline = Date.now() + ms;
  while (!done(text) && Date.now() < deadline) {
    const next = await Promise.race([
      reader.read(),
      Bun.sleep(Math.max(0, deadline - Date.now())).then(() => undefined),
    ]);
    if (next?.done) ended = true;
    if (!next || next.done) break;
    text += decoder.decode(next.value, { stream: true });
  }
  await reader.cancel();
  return { text, ended };
}
const readStream = async (response: Response, done: (text: string) => boolean, ms: number) =>
  (await readStreamUntil(response, done, ms)).text;

beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  app = createApp({ db });
  const channel = await createTestToken(db, "acme");
  await createTestToken(db, "other");
  acme = (await signedInOwner(db, handle, "acme", "ana@acme.example")).client;
  other = (await signedInOwner(db, handle, "other", "bo@other.example")).client;
  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    const response = await app.handle(intakeRequest(hostileLead(payload, index), { token: channel.token }));
    expect(response.status, payload).toBe(201);
    leads.set(((await response.json()) as { id: string }).id, payload);
  }
});
afterAll(() => db.close());

describe("hostile lead fields", () => {
  it("render as text in the inbox list", async () => {
    const response = await acme.get("/console/inbox");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(await hostileMatches(html)).toEqual({});
    const names = await elements(html, "tr[data-lead-id] th a");
    expect(names.map(decode).sort()).toEqual([...leads.values()].map((p) => `${p} ${p}`).sort());
    // The source by its readable name; the code and the value sent in the tooltip.
    expect(new Set((await elements(html, "tr[data-lead-id] .source")).map(decode))).toEqual(
      new Set(["Web form"]),
    );
    const sources = (await attributes(html, "tr[data-lead-id] .source", "title")).map(decode);
    for (const payload of leads.values()) expect(sources).toContain(`form (${payload.slice(0, SOURCE_MAX)})`);
  });

  it("render as text in the detail view, consent exactly as received", async () => {
    for (const [id, payload] of leads) {
      const response = await acme.get(`/console/inbox/${id}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(await hostileMatches(html), payload).toEqual({});
      const values = (await elements(html, "dl.fields dd")).map(decode);
      for (const expected of [payload, `${payload}#${XSS_PAYLOADS.indexOf(payload as never)}`])
        expect(values, payload).toContain(expected);
      const contextKeys = (await elements(html, "table.context tbody th")).map(decode);
      expect(contextKeys.sort()).toEqual([payload, "nested"].sort());
      // The payload as an ignored field's name: listed as text, cut to its kept length.
      expect((await elements(html, "#ignored-fields li code")).map(decode)).toEqual([
        Array.from(payload).slice(0, IGNORED_FIELD_NAME_MAX).join(""),
      ]);
      const [sentence] = (await elements(html, "#consent-sentence")).map(decode);
      expect(sentence, payload).toMatch(/^Consent given on .+ at .+, reference .+\.$/);
      expect(sentence!.split(payload).length, payload).toBe(3);
    }
  });

  it("render as text in the live stream", async () => {
    const response = await acme.get(`/console/inbox/events?cursor=${feedCursorAt(startedAt)}`);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const text = await readStream(response, (t) => [...leads.keys()].every((id) => t.includes(id)), 5_000);
    const rows = text
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .flatMap((line) => (JSON.parse(line.slice(6)) as { rows: string[] }).rows);
    expect(rows.length).toBeGreaterThanOrEqual(leads.size);
    const html = `<table><tbody>${rows.join("")}</tbody></table>`;
    expect(await hostileMatches(html)).toEqual({});
    expect((await elements(html, "tr[data-lead-id] th a")).map(decode)).toContain(
      `${XSS_PAYLOADS[0]} ${XSS_PAYLOADS[0]}`,
    );
  });

  it("are neutralised in the CSV: no cell starts a formula, every payload is there as text", async () => {
    const response = await acme.get("/console/inbox/export.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="leads-[\d-]+\.csv"$/);
    const csv = await response.text();
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(leads.size + 1);
    // Only a valid E.164 phone may start with "+"; nothing else starts a formula, not even after spaces.
    expect(csv).not.toMatch(/(^|,)"(?!\+[1-9]\d{1,14}")( *[=+\-@\t\r\n])/m);
    expect(csv).toMatch(/,"\+1\d{10}",/);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""xss-csv"")"`);
    expect(csv).toContain(`"'-2-cmd.A0"`);
    expect(csv).toContain(`"'=x'onfocus='alert0|@evil.example"`);
  });
});

describe("the detail view's history", () => {
  it("lists a repeat merged into the lead: when, through which token, which fields changed", async () => {
    const first = await createTestToken(db, "repeats");
    const crm = await createChannelToken(db, first.accountId, "CRM <sync>");
    const { client } = await signedInOwner(db, handle, "repeats", "rae@repeats.example");
    const lead = { phone: "(415) 555-0190", first_name: "Rae", platform: "crm", external_lead_id: "R-1" };
    const created = await app.handle(intakeRequest(lead, { token: first.token }));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const repeat = { ...lead, email: "rae@example.com" };
    expect((await app.handle(intakeRequest(repeat, { token: crm.token }))).status).toBe(200);
    await db.query(
      `insert into status_callbacks (id, lead_id, channel_token_id, type, status, attempts, last_error)
       values ($1, $2, $3, 'lead.missed', 'failed', 5, 'HTTP 500 <from the sender>')`,
      [Bun.randomUUIDv7(), id, crm.id],
    );
    const html = await (await client.get(`/console/inbox/${id}`)).text();
    // The sender was told, by the state's readable name; a failed callback is marked for the owner.
    const told = (await elements(html, "#timeline li.event-bad")).map(decode);
    expect(told).toEqual([expect.stringContaining("Status callback to the sender: Missed")]);
    expect(told[0]).toContain("Failed after 5 attempts · HTTP 500 <from the sender>");
    const merged = (await elements(html, "#timeline li"))
      .map(decode)
      .filter((text) => text.includes("Repeat"));
    // The email gives the lead without consent an email-only response: its state changes with it.
    expect(merged).toHaveLength(1);
    expect(merged[0]).toContain("Repeat merged, through “CRM <sync>”");
    expect(merged[0]).toContain("Changed: email, response_state");
  });
});

describe("another account's owner", () => {
  it("gets the 404 page for these leads by id, and for hand off again", async () => {
    for (const id of leads.keys()) {
      const response = await other.get(`/console/inbox/${id}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("xss-");
    }
    const [id] = leads.keys();
    const retry = await other.post(`/console/inbox/${id}/hand-off`, {});
    expect(retry.status).toBe(404);
  });

  it("never sees them in its inbox, its CSV or its stream", async () => {
    const page = await (await other.get("/console/inbox")).text();
    const csv = await (await other.get("/console/inbox/export.csv")).text();
    // Our own stream shows the leads at once (catch-up from before they came): the other's would too, if it leaked.
    const ours = await readStream(
      await acme.get(`/console/inbox/events?cursor=${feedCursorAt(startedAt)}`),
      (t) => t.includes("event: leads"),
      5_000,
    );
    const theirs = await readStream(
      await other.get(`/console/inbox/events?cursor=${feedCursorAt(startedAt)}`),
      () => false,
      1_000,
    );
    expect(ours).toContain("event: leads");
    expect(theirs).toContain(": connected");
    for (const id of leads.keys()) {
      expect(page).not.toContain(id);
      expect(csv).not.toContain(id);
      expect(theirs).not.toContain(id);
    }
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(1);
  });
});

describe("the inbox pages' guards", () => {
  it("end a stream once its session is signed out elsewhere", async () => {
    const { client } = await signedInOwner(db, handle, "acme", "cy@acme.example");
    const stream = await client.get("/console/inbox/events");
    expect(stream.status).toBe(200);
    const signOut = await client.post("/console/sign-out", {});
    expect(signOut.status).toBe(303);
    // The stream checks its session every SESSION_CHECK_MS: it ends by itself, without the client closing it.
    const { ended } = await readStreamUntil(stream, () => false, SESSION_CHECK_MS + 5_000);
    expect(ended).toBe(true);
  }, 30_000);

  it("refuse a hand off again without the form's CSRF token", async () => {
    const [id] = leads.keys();
    const response = await acme.post(`/console/inbox/${id}/hand-off`, {}, { csrf: false });
    expect(response.status).toBe(403);
  });

  it("send a signed-out browser to the sign-in page, the stream and the CSV too", async () => {
    for (const path of ["/console/inbox", "/console/inbox/events", "/console/inbox/export.csv"]) {
      const response = await app.handle(new Request(`http://localhost${path}`));
      expect([response.status, response.headers.get("location")], path).toEqual([
        303,
        `/console/sign-in?next=${encodeURIComponent(path)}`,
      ]);
    }
  });

  it("page with an older link (keyset cursor), the older page without a live stream", async () => {
    const channel = await createTestToken(db, "paged");
    const { client } = await signedInOwner(db, handle, "paged", "pat@paged.example");
    for (let index = 0; index < DEFAULT_PAGE_SIZE + 3; index++) {
      const lead = { email: `lead${index}@paged.example`, first_name: `Lead ${index}` };
      expect((await app.handle(intakeRequest(lead, { token: channel.token }))).status).toBe(201);
    }
    const first = await (await client.get("/console/inbox")).text();
    const names = await elements(first, "tr[data-lead-id] th a");
    expect(names).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(names[0]).toBe(`Lead ${DEFAULT_PAGE_SIZE + 2}`);
    expect(await elements(first, "#live-status[data-stream]")).toHaveLength(1);
    const older = /href="(\/console\/inbox\?cursor=[^"]+)" rel="next"/.exec(first)?.[1];
    expect(older).toBeDefined();
    const second = await (await client.get(decode(older!))).text();
    expect(await elements(second, "tr[data-lead-id] th a")).toEqual(["Lead 2", "Lead 1", "Lead 0"]);
    expect(second).not.toContain('rel="next"');
    expect(await elements(second, "#live-status")).toHaveLength(0);
  });

  it("search a phone in any format the intake accepts, and filter test leads out", async () => {
    const html = await (await acme.get(`/console/inbox?q=${encodeURIComponent("(415) 555-3002")}`)).text();
    expect(await elements(html, "tr[data-lead-id]")).toHaveLength(1);
    const live = await (await acme.get("/console/inbox?kind=test")).text();
    expect(await elements(live, "tr[data-lead-id]")).toHaveLength(0);
    expect(await elements(live, "#inbox-empty:not([hidden])")).toHaveLength(1);
  });
});
