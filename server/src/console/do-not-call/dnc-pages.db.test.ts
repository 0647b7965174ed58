// The Do-not-call page through real HTTP handling on PGlite: add (good and bad input), remove behind its
// confirmation, CSV import with bad rows, CSRF refused, another account untouched, pending hand-offs cancelled.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { listChanges } from "../../core/dnc/dnc-repository.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { type ConsoleClient, signedInOwner } from "../../testing/console-client.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { XSS_PAYLOADS } from "../../testing/hostile-leads.ts";
import { completeConsent, createTestToken, intakeRequest } from "../../testing/intake-requests.ts";

let db: Database;
let app: App;
let acme: ConsoleClient;
let acmeId: string;
let other: ConsoleClient;
let otherId: string;
let channelToken: string;
const handle = (request: Request) => app.handle(request);

beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  app = createApp({ db });
  channelToken = (await createTestToken(db, "acme")).token;
  const signedAcme = await signedInOwner(db, handle, "acme", "ana@acme.example");
  const signedOther = await signedInOwner(db, handle, "other", "bo@other.example");
  [acme, acmeId, other, otherId] = [
    signedAcme.client,
    signedAcme.accountId,
    signedOther.client,
    signedOther.accountId,
  ];
});
afterAll(() => db.close());

const listed = async (accountId: string) =>
  (
    await db.query<{ phone: string }>("select phone from dnc_numbers where account_id = $1 order by phone", [
      accountId,
    ])
  ).map((row) => row.phone);

/** The text of the element with this id, tags stripped (enough for the notices and the field errors). */
const textOf = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]?.trim();

/** A multipart upload as a browser sends it, with the page's CSRF token unless told otherwise. */
async function upload(client: ConsoleClient, csv: string, csrf = client.csrf ?? "") {
  const form = new FormData();
  form.set("_csrf", csrf);
  form.set("file", new File([csv], "numbers.csv", { type: "text/csv" }));
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return app.handle(
    new Request("http://localhost/console/do-not-call/import", {
      method: "POST",
      headers: { cookie },
      body: form,
    }),
  );
}

describe("the Do-not-call page", () => {
  it("adds a number typed in any format, stored in E.164, with the owner as who and the page as how", async () => {
    await acme.get("/console/do-not-call");
    const response = await acme.post("/console/do-not-call", {
      phone: "(415) 555-0101",
      note: "asked twice",
    });
    expect([response.status, response.headers.get("location")]).toEqual([
      303,
      "/console/do-not-call?done=added&count=0",
    ]);
    const page = await acme.get(response.headers.get("location")!);
    const html = await page.text();
    expect(textOf(html, "dnc-notice")).toBe("The number is on the list. Pending hand-offs cancelled: 0.");
    expect(html).toContain('<tr data-phone="+14155550101">');
    expect(html).toContain("(415) 555-0101");
    expect(await listed(acmeId)).toEqual(["+14155550101"]);
    const [change] = await listChanges(db, acmeId, "+14155550101");
    expect(change).toMatchObject({
      action: "add",
      via: "page",
      actor: "ana@acme.example",
      note: "asked twice",
    });
  });

  it("refuses a bad number with the message beside the field, in the page's language, and lists nothing", async () => {
    const cases = [
      { phone: "12345", en: "This is not a valid phone number." },
      { phone: "+1 604 555 0199", en: "Only US numbers can be listed." },
      { phone: "  ", en: "Enter a phone number." },
    ];
    for (const { phone, en } of cases) {
      const response = await acme.post("/console/do-not-call", { phone, note: "" });
      expect(response.status, phone).toBe(422);
      const html = await response.text();
      expect(textOf(html, "dnc-phone-error"), phone).toBe(en);
      expect(html).toContain('aria-describedby="dnc-phone-hint dnc-phone-error"');
    }
    const spanish = await acme.post(
      "/console/do-not-call",
      { phone: "+1 604 555 0199" },
      { headers: { "accept-language": "es" } },
    );
    expect(textOf(await spanish.text(), "dnc-phone-error")).toBe("Solo se pueden añadir números de EE. UU.");
    expect(await listed(acmeId)).toEqual(["+14155550101"]);
  });

  it("renders hostile notes as text", async () => {
    const payload = XSS_PAYLOADS[0]!;
    const response = await acme.post("/console/do-not-call", { phone: "415-555-0102", note: payload });
    expect(response.status).toBe(303);
    const html = await (await acme.get("/console/do-not-call")).text();
    expect(html).not.toContain(payload);
    expect(html).toContain(Bun.escapeHTML(payload));
  });

  it("an opt-out from the page cancels a pending hand-off, and the notice counts it", async () => {
    const lead = await app.handle(
      intakeRequest(
        { phone: "415.555.0103", first_name: "Ana", consent: completeConsent() },
        { token: channelToken },
      ),
    );
    const { id, call_eligible } = (await lead.json()) as { id: string; call_eligible: boolean };
    expect(call_eligible).toBe(true);
    const task = () =>
      db.query<{ status: string }>("select status from response_tasks where lead_id = $1", [id]);
    expect(await task()).toEqual([{ status: "pending" }]);
    const response = await acme.post("/console/do-not-call", { phone: "+1 415 555 0103" });
    expect(response.headers.get("location")).toBe("/console/do-not-call?done=added&count=1");
    expect(await task()).toEqual([{ status: "cancelled" }]);
    const [leadRow] = await db.query("select response_state, response_reason from leads where id = $1", [id]);
    expect(leadRow).toEqual({ response_state: "not_called", response_reason: "opted_out" });

    // Removing it gives the hand-off back (its five-minute response has not passed), and says so.
    expect((await acme.get("/console/do-not-call/14155550103/remove")).status).toBe(200);
    const removed = await acme.post("/console/do-not-call/14155550103/remove", {});
    expect(removed.headers.get("location")).toBe("/console/do-not-call?done=removed&count=1");
    expect(await task()).toEqual([{ status: "pending" }]);
  });

  it("removes a number only after the confirmation page, and records who", async () => {
    const confirm = await acme.get("/console/do-not-call/14155550101/remove");
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain("Remove +14155550101 from the list?");
    expect(await listed(acmeId)).toContain("+14155550101");
    const response = await acme.post("/console/do-not-call/14155550101/remove", {});
    expect(response.status).toBe(303);
    expect(await listed(acmeId)).not.toContain("+14155550101");
    const changes = await listChanges(db, acmeId, "+14155550101");
    expect(changes.at(-1)).toMatchObject({ action: "remove", via: "page", actor: "ana@acme.example" });
    // Not on the list any more: the 404 page, nothing recorded.
    expect((await acme.post("/console/do-not-call/14155550101/remove", {})).status).toBe(404);
    expect(await listChanges(db, acmeId, "+14155550101")).toHaveLength(changes.length);
    expect((await acme.get("/console/do-not-call/not-a-number/remove")).status).toBe(404);
  });

  it("imports a CSV: good rows kept, each bad row reported by line and reason with its value escaped", async () => {
    await acme.get("/console/do-not-call");
    const secret = "<b>secret-row</b>";
    const csv = `phone,note\n(415) 555-0111,first\n${secret}\n+1 604 555 0199,canada\n"415-555-0112,unclosed\n\n415 555 0113,"a, b"\n`;
    const response = await upload(acme, csv);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Imported: 2 new numbers, 0 already on the list. Pending hand-offs cancelled: 0.");
    const lines = [
      ...html.matchAll(
        /<li><span>(Line [^<]*)<\/span>(?: <code class="refused-value">([^<]*)<\/code>)?<\/li>/g,
      ),
    ].map((match) => [match[1], match[2]]);
    expect(lines).toEqual([
      ["Line 3: This is not a valid phone number.", "&lt;b&gt;secret-row&lt;/b&gt;"],
      ["Line 4: Only US numbers can be listed.", "+1 604 555 0199"],
      ["Line 5: Unbalanced quotes.", "&quot;415-555-0112,unclosed"],
    ]);
    expect(html).not.toContain("<b>secret-row");
    // Already listed numbers are counted, not added again.
    const again = await (await upload(acme, "415-555-0113\n415 555 0114\n")).text();
    expect(again).toContain(
      "Imported: 1 new numbers, 1 already on the list. Pending hand-offs cancelled: 0.",
    );
    expect(await listed(acmeId)).toEqual(expect.arrayContaining(["+14155550111", "+14155550113"]));
    const [change] = await listChanges(db, acmeId, "+14155550113");
    expect(change).toMatchObject({ via: "page", actor: "ana@acme.example", note: "a, b" });
    // No file: the message beside the field.
    const empty = await upload(acme, "");
    expect(empty.status).toBe(422);
    expect(textOf(await empty.text(), "dnc-file-error")).toBe("Choose a CSV file with at least one number.");
    // Too large: refused beside the field, nothing of it imported.
    const large = await upload(acme, `415-555-0130\n${"x".repeat(2 * 1024 * 1024)}\n`);
    expect(large.status).toBe(422);
    expect(textOf(await large.text(), "dnc-file-error")).toBe(
      "The file is larger than 2 MB. Split it and import each part.",
    );
    expect(await listed(acmeId)).not.toContain("+14155550130");
  });

  it("refuses posts without the CSRF token: nothing added, removed or imported", async () => {
    const before = await listed(acmeId);
    expect((await acme.post("/console/do-not-call", { phone: "415-555-0120" }, { csrf: false })).status).toBe(
      403,
    );
    expect((await acme.post("/console/do-not-call/14155550111/remove", {}, { csrf: false })).status).toBe(
      403,
    );
    expect((await upload(acme, "415-555-0121\n", "0".repeat(64))).status).toBe(403);
    expect(await listed(acmeId)).toEqual(before);
  });

  it("keeps accounts apart: another owner sees none of these numbers and cannot remove them", async () => {
    const html = await (await other.get("/console/do-not-call")).text();
    expect(html).not.toContain("+14155550111");
    expect(html).toContain("No numbers on the list.");
    expect((await other.get("/console/do-not-call/14155550111/remove")).status).toBe(404);
    expect((await other.post("/console/do-not-call/14155550111/remove", {})).status).toBe(404);
    expect(await listed(acmeId)).toContain("+14155550111");
    // The same number on the other account's list is its own entry.
    await other.post("/console/do-not-call", { phone: "415-555-0111" });
    expect(await listed(otherId)).toEqual(["+14155550111"]);
    expect(await listChanges(db, acmeId, "+14155550111")).toHaveLength(1);
  });

  it("pages the list 100 at a time (keyset), searches it, counts it, and exports it as formula-safe CSV", async () => {
    const owner = (await signedInOwner(db, handle, "paged", "pat@paged.example")).client;
    await owner.get("/console/do-not-call");
    const csv = ["phone,note", '(212) 555-0999,=HYPERLINK("http://x")'];
    for (let i = 0; i < 249; i++) csv.push(`(646) 555-${String(1000 + i)},n${i}`);
    const report = await (await upload(owner, csv.join("\n"))).text();
    expect(report).toContain("Imported: 250 new numbers, 0 already on the list.");
    const phonesOf = (html: string) => [...html.matchAll(/<tr data-phone="([^"]+)"/g)].map((m) => m[1]!);
    const next = (html: string) => /href="([^"]+)" rel="next"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    const seen: string[] = [];
    let html = await (await owner.get("/console/do-not-call")).text();
    expect(textOf(html, "dnc-count")).toBe("Numbers on the list: 250.");
    for (;;) {
      seen.push(...phonesOf(html));
      const link = next(html);
      if (!link) break;
      expect(phonesOf(html)).toHaveLength(100);
      html = await (await owner.get(link)).text();
    }
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    const found = await (await owner.get("/console/do-not-call?q=(646)%20555-1010")).text();
    expect(phonesOf(found)).toEqual(["+16465551010"]);
    expect(textOf(found, "dnc-count")).toBe("Numbers matching “(646) 555-1010”: 1.");
    const byNote = await (await owner.get("/console/do-not-call?q=HYPERLINK")).text();
    expect(phonesOf(byNote)).toEqual(["+12125550999"]);
    const none = await (await owner.get("/console/do-not-call?q=%25")).text();
    expect(phonesOf(none)).toEqual([]);
    const exported = await owner.get("/console/do-not-call/export.csv");
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await exported.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(251);
    expect(lines[0]).toBe('"phone","added_at","via","by","note"');
    const formula = lines.find((line) => line.includes("HYPERLINK"))!;
    expect(formula.endsWith(`"'=HYPERLINK(""http://x"")"`)).toBe(true);
    expect(lines.some((line) => line.includes("+14155550111"))).toBe(false);
  });

  it("sends a signed-out visitor to the sign-in page", async () => {
    const response = await app.handle(new Request("http://localhost/console/do-not-call"));
    expect([response.status, response.headers.get("location")]).toEqual([
      303,
      "/console/sign-in?next=%2Fconsole%2Fdo-not-call",
    ]);
  });
});
