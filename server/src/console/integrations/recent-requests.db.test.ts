// A token's "Recent requests" and a request's detail through app.handle on PGlite: the owner's token only (another
// account's token, or another token's row, is the 404 page), filters, a bounded page with an older link, values
// escaped, and no phone, email or name of any post on either page, in English and Spanish.
import { LEADS_PATH } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { createChannelToken } from "../../core/accounts/token-repository.ts";
import type { RequestLogWriter } from "../../core/request-log/request-log-writer.ts";
import type { Database } from "../../db/database.ts";
import { signedInOwner } from "../../testing/console-client.ts";
import { elementTexts } from "../../testing/element-texts.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { eligibleLead } from "../../testing/handoff-fixture.ts";
import { intakeRequest } from "../../testing/intake-requests.ts";
import { createLoggedApp, flushUntilLogged } from "../../testing/logged-app.ts";
import { CONSOLE_REQUESTS_PAGE } from "./recent-requests.ts";

let db: Database;
let app: App;
let log: RequestLogWriter;
const handle = (request: Request) => app.handle(request);

beforeAll(async () => {
  db = await createMemoryDatabase();
  ({ app, log } = createLoggedApp(db));
});
afterAll(async () => {
  await log.stop();
  await db.close();
});

const SECRETS = {
  phone: "(415) 555-0177",
  email: "rosalind.vega@example.com",
  first: "Rosalind",
  last: "Vega",
};
const lead = (overrides: Record<string, unknown> = {}) =>
  eligibleLead({
    phone: SECRETS.phone,
    email: SECRETS.email,
    first_name: SECRETS.first,
    last_name: SECRETS.last,
    ...overrides,
  });

const settle = (tokenId: string, rows: number) => flushUntilLogged(db, log, tokenId, rows);

describe("a token's recent requests in the console", () => {
  it("lists the owner's token's requests, filters them, opens one, and never shows a value posted", async () => {
    const { client, accountId } = await signedInOwner(db, handle, "requests-acme", "ana@requests.example");
    const sender = await createChannelToken(db, accountId, "CRM", "read");
    const post = (body: unknown) => app.handle(intakeRequest(body, { token: sender.token }));
    expect((await post(lead())).status).toBe(201);
    expect((await post(lead({ email: "not-an-email" }))).status).toBe(422);
    // A hostile path: logged as asked, shown escaped.
    const hostile = `${LEADS_PATH}/<img src=x onerror=alert(1)>'&x`;
    await app.handle(
      new Request(`http://localhost${hostile}`, { headers: { authorization: `Bearer ${sender.token}` } }),
    );
    await settle(sender.id, 3);

    const listing = await (await client.get("/console/integrations")).text();
    expect(listing).toContain(`/console/integrations/tokens/${sender.id}/requests`);
    const page = await client.get(`/console/integrations/tokens/${sender.id}/requests`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(await elementTexts(html, "#recent-requests tbody tr td:nth-of-type(2)")).toEqual([
      "404",
      "422",
      "201",
    ]);
    expect(html).not.toContain("<img src=x");
    // The URL's own encoding, and the quote and ampersand that survive it, escaped once (the parser's raw text).
    expect(await elementTexts(html, "#recent-requests tbody tr td:nth-of-type(1) code")).toContain(
      `${LEADS_PATH}/%3Cimg%20src=x%20onerror=alert(1)%3E&#x27;&amp;x`,
    );
    expect(html).not.toContain("alert(1)%3E'&x");

    const refused = await (
      await client.get(`/console/integrations/tokens/${sender.id}/requests?status=422`)
    ).text();
    expect(await elementTexts(refused, "#recent-requests tbody tr td:nth-of-type(3)")).toEqual([
      "validation_failed",
    ]);
    const byCode = await (
      await client.get(`/console/integrations/tokens/${sender.id}/requests?problem_code=lead_not_found`)
    ).text();
    expect(await elementTexts(byCode, "#recent-requests tbody tr td:nth-of-type(2)")).toEqual(["404"]);
    const invalid = await client.get(`/console/integrations/tokens/${sender.id}/requests?status=abc`);
    expect(invalid.status).toBe(422);

    const [detailHref] = [
      ...refused.matchAll(/href="(\/console\/integrations\/tokens\/[^"]+\/requests\/\d+)"/g),
    ].map((match) => match[1]!);
    const detail = await client.get(detailHref!);
    expect(detail.status).toBe(200);
    const detailHtml = await detail.text();
    expect(await elementTexts(detailHtml, "#request-detail dd code")).toContain("/email");
    expect(await elementTexts(detailHtml, "#request-body tbody th")).toContain("/phone");

    const spanish = await (
      await client.get(`/console/integrations/tokens/${sender.id}/requests`, { "accept-language": "es" })
    ).text();
    expect(spanish).toContain("Solicitudes recientes de «CRM»");
    for (const shown of [html, refused, detailHtml, spanish])
      for (const value of ["555-0177", "5550177", "rosalind", "Rosalind", "Vega", "example.com"])
        expect(shown).not.toContain(value);
  });

  it("shows another account's token, or another token's row, as the 404 page", async () => {
    const mine = await signedInOwner(db, handle, "requests-mine", "ana@mine.example");
    const theirs = await signedInOwner(db, handle, "requests-theirs", "bo@theirs.example");
    const myToken = await createChannelToken(db, mine.accountId, "Mine", "read");
    const theirToken = await createChannelToken(db, theirs.accountId, "Theirs", "read");
    await app.handle(intakeRequest(lead(), { token: theirToken.token }));
    await settle(theirToken.id, 1);
    expect((await mine.client.get(`/console/integrations/tokens/${theirToken.id}/requests`)).status).toBe(
      404,
    );
    const theirPage = await (
      await theirs.client.get(`/console/integrations/tokens/${theirToken.id}/requests`)
    ).text();
    const [rowId] = [...theirPage.matchAll(/\/requests\/(\d+)"/g)].map((match) => match[1]!);
    expect(rowId).toBeDefined();
    expect(
      (await theirs.client.get(`/console/integrations/tokens/${theirToken.id}/requests/${rowId}`)).status,
    ).toBe(200);
    // Through my own token's URL, their row is not found.
    expect(
      (await mine.client.get(`/console/integrations/tokens/${myToken.id}/requests/${rowId}`)).status,
    ).toBe(404);
  });

  it("shows a bounded page, older rows behind a link that keeps the filter", async () => {
    const { client, accountId } = await signedInOwner(db, handle, "requests-many", "ana@many.example");
    const sender = await createChannelToken(db, accountId, "Busy", "read");
    for (let i = 0; i < CONSOLE_REQUESTS_PAGE + 5; i++)
      await app.handle(intakeRequest({ email: "bad" }, { token: sender.token }));
    await settle(sender.id, CONSOLE_REQUESTS_PAGE + 5);
    const first = await (
      await client.get(`/console/integrations/tokens/${sender.id}/requests?status=4xx`)
    ).text();
    expect(await elementTexts(first, "#recent-requests tbody tr")).toHaveLength(CONSOLE_REQUESTS_PAGE);
    const older = /id="requests-older" href="([^"]+)"/.exec(first)![1]!.replaceAll("&amp;", "&");
    expect(older).toContain("status=4xx");
    const second = await (await client.get(older)).text();
    expect(await elementTexts(second, "#recent-requests tbody tr")).toHaveLength(5);
    expect(second).not.toContain('id="requests-older"');
  });
});
