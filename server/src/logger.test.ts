import { describe, expect, it } from "vitest";
import { createLogger, type LogFields } from "./logger.ts";

describe("createLogger", () => {
  it("writes each line exactly as JSON.stringify of level, time, message and fields", () => {
    const lines: string[] = [];
    const logger = createLogger("debug", (line) => lines.push(line));
    const cases: (LogFields | undefined)[] = [
      undefined,
      {},
      { a: 1, b: undefined, c: 'quote " and\nnewline', d: null, e: true, f: Number.NaN, g: -0.5 },
      { msg: "a field named like the message" },
      { "2": 1, a: 2, "10": 3 },
      { time: "t", level: "l" },
      { é: "😀", "\u0000": "\u2028" },
      { zero: -0, big: 1e21, small: 5e-7, inf: Number.POSITIVE_INFINITY, ninf: Number.NEGATIVE_INFINITY },
      {
        tab: "a\tb",
        del: "\u007f",
        slash: "a/b\\c",
        lone: "\ud800",
        quote: 'say "hi"',
        "key with space": "ok",
      },
    ];
    for (const fields of cases) logger.warn('hello "world"', fields);
    expect(lines).toHaveLength(cases.length);
    lines.forEach((line, i) => {
      const time = line.match(/"time":"([^"]+)"/)?.[1];
      expect(line).toBe(`${JSON.stringify({ level: "warn", time, msg: 'hello "world"', ...cases[i] })}\n`);
    });
  });

  it("drops lines below its level", () => {
    const lines: string[] = [];
    const logger = createLogger("warn", (line) => lines.push(line));
    logger.debug("no");
    logger.info("no");
    logger.warn("yes");
    logger.error("yes");
    expect(lines.map((line) => JSON.parse(line).level)).toEqual(["warn", "error"]);
  });
});
