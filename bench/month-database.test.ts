// The month's rows as the intake and the hand-off leave them, filled into a migrated PGlite (the same SQL runs on PostgreSQL).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createChannelToken, ensureAccount } from "@speed-to-lead/server/core/accounts/token-repository";
import type { Database } from "@speed-to-lead/server/db/database";
import { migrate } from "@speed-to-lead/server/db/migrate";
import { createPgliteDatabase } from "@speed-to-lead/server/db/pglite-driver";
import { fillMonth, monthStatements, parseMonthFill } from "./month-database.ts";

const LEADS = 2_000;
const LISTED = 300;
let db: Database;
let accountId: string;

beforeAll(async () => {
  db = await createPgliteDatabase("memory");
  await migrate(db);
  accountId = (await ensureAccount(db, "month")).id;
  const channelTokenId = (await createChannelToken(db, accountId, "Website form")).id;
  await fillMonth(db, { accountId, channelTokenId }, { storedLeads: LEADS, listedNumbers: LISTED });
}, 60_000);
afterAll(async () => await db?.close());

const one = async (sql: string) => Object.values((await db.query(sql))[0]!)[0];
const residues = (test: (i: number) => boolean) =>
  Array.from({ length: LEADS }, (_, index) => index + 1).filter(test).length;

test("the stored leads and the list hold the counts asked for, every lead in the account", async () => {
  expect(await one("select count(*)::int from leads")).toBe(LEADS);
  expect(await one(`select count(*)::int from leads where account_id <> '${accountId}'`)).toBe(0);
  expect(await one("select count(*)::int from dnc_numbers")).toBe(LISTED);
  expect(await one("select count(*)::int from dnc_changes where action = 'add'")).toBe(LISTED);
});

test("leads are settled as the intake and hand-off leave them: no pending lead, one settled task per called lead", async () => {
  const states = await db.query<{ state: string; n: number }>(
    "select response_state || coalesce('/' || response_reason, '') as state, count(*)::int as n from leads group by 1",
  );
  expect(Object.fromEntries(states.map(({ state, n }) => [state, n]))).toEqual({
    "not_called/test": residues((i) => i % 20 === 0),
    "not_called/no_consent": residues((i) => i % 20 === 1 || i % 20 === 2),
    "not_called/opted_out": residues((i) => i % 200 === 3),
    missed: residues((i) => i % 50 === 7 && ![0, 1, 2].includes(i % 20) && i % 200 !== 3),
    handed_off: residues((i) => i % 50 !== 7 && ![0, 1, 2].includes(i % 20) && i % 200 !== 3),
  });
  // A lead has a task exactly when it was called, and the task is settled as its lead says.
  expect(
    await one(`select count(*)::int from leads l left join response_tasks t on t.lead_id = l.id
      where (t.id is null) <> (l.response_state = 'not_called')
        or (t.status = 'delivered') <> (l.response_state = 'handed_off')`),
  ).toBe(0);
  expect(await one("select count(*)::int from response_tasks where status = 'pending'")).toBe(0);
  expect(
    await one(
      "select count(*)::int from handoff_attempts a join response_tasks t on t.id = a.task_id and t.lead_id = a.lead_id",
    ),
  ).toBe(await one("select count(*)::int from response_tasks"));
});

test("keys answer for their lead, the history ends at each lead's updated_at, repeats are merged", async () => {
  expect(
    await one("select count(*)::int from idempotency_keys where lead_id not in (select id from leads)"),
  ).toBe(0);
  expect(
    await one(
      "select count(*)::int from idempotency_keys where (response_body::jsonb ->> 'id')::uuid <> lead_id",
    ),
  ).toBe(0);
  expect(
    await one(`select count(*)::int from leads l where updated_at <> received_at
      and updated_at <> (select max(changed_at) from lead_changes c where c.lead_id = l.id)`),
  ).toBe(0);
  const repeated = residues((i) => i % 20 === 5);
  expect(await one("select count(*)::int from lead_repeats")).toBe(repeated);
  expect(await one("select count(*)::int from idempotency_keys where response_status = 200")).toBe(repeated);
  expect(await one("select count(*)::int from leads where external_lead_id is not null")).toBe(
    residues((i) => i % 4 === 1),
  );
});

test("ids are UUIDv7 in the order leads arrived; listed numbers hold the opted-out leads' and none the bench posts", async () => {
  expect(await one("select count(*)::int from leads where substr(id::text, 15, 1) <> '7'")).toBe(0);
  expect(
    await one(`select count(*)::int from (select received_at, lag(received_at) over (order by id) as before from leads) x
      where received_at < before`),
  ).toBe(0);
  expect(
    await one(`select count(*)::int from leads l where response_reason = 'opted_out'
      and not exists (select 1 from dnc_numbers d where d.account_id = l.account_id and d.phone = l.phone)`),
  ).toBe(0);
  expect(
    await one("select count(*)::int from dnc_numbers where substr(phone, 3, 3) in ('415', '212', '312')"),
  ).toBe(0);
  expect(await one("select max(received_at) < now() - interval '55 minutes' from leads")).toBe(true);
});

test("a month of millions: the rows of its last leads and numbers are written as those of its first", async () => {
  const owner = {
    accountId: (await ensureAccount(db, "far")).id,
    channelTokenId: (await createChannelToken(db, (await ensureAccount(db, "far")).id, "Partner")).id,
  };
  // The last chunk's statements of a month of 3,000,000 leads and 8,000,000 numbers, cut to its last two of each.
  const statements = monthStatements(owner, { storedLeads: 3_000_000, listedNumbers: 8_000_000 });
  const [lastLeads, lastNumbers] = [
    "generate_series(2900001::bigint, 3000000::bigint)",
    "generate_series(7900000::bigint, 7999999::bigint)",
  ];
  for (const statement of statements.filter((s) => s.includes(lastLeads) || s.includes(lastNumbers)))
    await db.exec(
      statement
        .replaceAll(lastLeads, "generate_series(2999999::bigint, 3000000::bigint)")
        .replaceAll(lastNumbers, "generate_series(7999998::bigint, 7999999::bigint)"),
    );
  const far = `account_id = '${owner.accountId}'`;
  expect(await one(`select count(*)::int from leads where ${far} and phone ~ '^[+]1[0-9]{10}$'`)).toBe(2);
  expect(await one(`select count(*)::int from idempotency_keys where ${far} and key = 'month-3000000'`)).toBe(
    1,
  );
  expect(await one(`select count(*)::int from dnc_numbers where ${far} and phone = '+16179999999'`)).toBe(1);
});

test("the fill refuses ids that are not UUIDs and counts that are not whole; the flags default to the month", () => {
  const owner = { accountId: "x'; drop table leads; --", channelTokenId: crypto.randomUUID() };
  expect(() => monthStatements(owner, { storedLeads: 1, listedNumbers: 0 })).toThrow(/UUIDs/);
  const valid = { accountId: crypto.randomUUID(), channelTokenId: crypto.randomUUID() };
  expect(() => monthStatements(valid, { storedLeads: 1.5, listedNumbers: 0 })).toThrow(/whole/);
  expect(parseMonthFill({})).toEqual({ storedLeads: 1_000_000, listedNumbers: 100_000 });
  expect(parseMonthFill({ "stored-leads": "50_000", "listed-numbers": "0" })).toEqual({
    storedLeads: 50_000,
    listedNumbers: 0,
  });
  expect(() => parseMonthFill({ "stored-leads": "-1" })).toThrow(/stored-leads/);
});
