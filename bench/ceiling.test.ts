// Pure parsing and script building; no database, no load. Run with `bun run --cwd bench test`.
import { describe, expect, test } from "bun:test";
import {
  parseParameters,
  parseStatementLog,
  selectRequestStatements,
  toPgbenchScript,
  uuidV7Time,
} from "./ceiling.ts";

describe("parseParameters", () => {
  test("quoted values with doubled quotes, NULLs and commas inside values", () => {
    expect(parseParameters("$1 = 'it''s', $2 = NULL, $3 = 'a, b', $4 = '{\"x\": 1}'")).toEqual([
      "it's",
      null,
      "a, b",
      '{"x": 1}',
    ]);
  });

  test("a value that looks like a parameter stays one value", () => {
    expect(parseParameters("$1 = 'a, $2 = ''b''', $2 = 'c'")).toEqual(["a, $2 = 'b'", "c"]);
  });
});

describe("parseStatementLog", () => {
  const log = [
    "@@stl 101 3/7 @@ LOG:  statement: BEGIN",
    "@@stl 101 3/7 @@ LOG:  execute s1: insert into t (a, b)",
    "\t values ($1, $2)",
    "@@stl 101 3/7 @@ DETAIL:  parameters: $1 = 'key-1', $2 = '01a1fff6-2563-74b6-9c51-b989f8f621e9'",
    "@@stl 101 3/7 @@ LOG:  statement: COMMIT",
    "@@stl 202 4/1 @@ LOG:  execute <unnamed>: select 1",
  ].join("\n");

  test("joins continuation lines and attaches parameters to their statement", () => {
    const statements = parseStatementLog(log);
    expect(statements.map((statement) => statement.sql)).toEqual([
      "BEGIN",
      "insert into t (a, b)\n\t values ($1, $2)",
      "COMMIT",
      "select 1",
    ]);
    expect(statements[1]!.params).toEqual(["key-1", "01a1fff6-2563-74b6-9c51-b989f8f621e9"]);
  });

  test("keeps whole transactions that mention a marker, sets the rest aside", () => {
    const { request, other } = selectRequestStatements(parseStatementLog(log), ["key-1"]);
    expect(request.map((statement) => statement.sql.split("\n")[0])).toEqual([
      "BEGIN",
      "insert into t (a, b)",
      "COMMIT",
    ]);
    expect(other.map((statement) => statement.sql)).toEqual(["select 1"]);
  });
});

describe("toPgbenchScript", () => {
  const minted = "01a1fff6-2563-74b6-9c51-b989f8f621e9";
  const older = "01a1fff6-22b4-7562-94fa-9c1d6f00cfce";
  const statements = [
    { pid: "1", vxid: "1/1", sql: "BEGIN", params: [] },
    {
      pid: "1",
      vxid: "1/1",
      sql: "insert into t values ($1, $2, $3, $10)",
      params: ["k", minted, older, null],
    },
    { pid: "1", vxid: "1/1", sql: "update u set x = $2 where id = $1", params: [minted, "12:30"] },
    { pid: "1", vxid: "1/1", sql: "COMMIT", params: [] },
  ];

  test("regenerates the key and ids minted during the request, binds everything else", () => {
    const script = toPgbenchScript(statements, "k", uuidV7Time(minted)!);
    expect(script.text).toContain("('bench-' || :client_id || '-' || :key_n)");
    expect(script.text).not.toContain(minted);
    expect(script.defines).toEqual({ p1: older, p2: "12:30" });
    // The same minted id gets the same expression in both statements.
    const expression = /\(lpad[^;]*?::uuid/.exec(script.text)![0];
    expect(script.text.split(expression).length).toBe(3);
    expect(script.text).toContain("NULL");
  });

  test("reads the time of a UUIDv7 only", () => {
    expect(uuidV7Time(minted)).toBe(0x01a1fff62563);
    expect(uuidV7Time("3bf65469-b41f-4d7c-ba73-916d0b9e8255")).toBeUndefined();
  });
});
