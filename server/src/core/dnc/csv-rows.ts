// The rows of a do-not-call CSV file: one number per row (column `phone`, optional `note`), each checked on its own.
import { parseListedNumber } from "./listed-number.ts";

export interface CsvNumber {
  line: number;
  e164: string;
  note: string | null;
}

export interface CsvRefusal {
  line: number;
  reason: "phone_invalid" | "phone_not_us" | "phone_missing" | "unbalanced_quotes";
  /** What was refused (the phone cell, or the line when it cannot be split), cut to REFUSED_VALUE_MAX: shown escaped. */
  value: string;
}

const MAX_NOTE = 500;
const REFUSED_VALUE_MAX = 40;
/** Lines judged, then committed, between two yields to the event loop: measured on PGlite with 100,000 numbers, 500 a chunk gave another account's posts a p99 of 660 ms, 100 a chunk 72 ms (27 ms at rest), and the import was no slower. */
export const CSV_CHUNK_LINES = 100;

/** Splits one CSV line into fields (RFC 4180 quoting; a field may not span lines). */
function fields(line: string): string[] | undefined {
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      out.push(field);
      field = "";
    } else field += char;
  }
  if (quoted) return undefined;
  out.push(field);
  return out.map((value) => value.trim());
}

interface Columns {
  phone: number;
  note: number;
  /** Index of the first data line. */
  first: number;
}

/** A first line naming a `phone` column is a header and places the columns; else phone, then note. */
function columnsOf(firstLine: string | undefined): Columns {
  const header = fields(firstLine ?? "")?.map((name) => name.toLowerCase());
  if (header?.includes("phone"))
    return { phone: header.indexOf("phone"), note: header.indexOf("note"), first: 1 };
  return { phone: 0, note: 1, first: 0 };
}

const splitLines = (text: string) => text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);

/** Judges line `index` (0-based) into `numbers` or `refused`; blank lines are skipped. */
function judgeLine(raw: string, index: number, columns: Columns, out: CsvChunk): void {
  if (raw.trim() === "") return;
  const line = index + 1;
  const row = fields(raw);
  if (!row) {
    out.refused.push({ line, reason: "unbalanced_quotes", value: raw.slice(0, REFUSED_VALUE_MAX) });
    return;
  }
  const phone = row[columns.phone] ?? "";
  if (phone === "") {
    out.refused.push({ line, reason: "phone_missing", value: "" });
    return;
  }
  const parsed = parseListedNumber(phone);
  if (!parsed.ok) {
    out.refused.push({ line, reason: parsed.code, value: phone.slice(0, REFUSED_VALUE_MAX) });
    return;
  }
  const note = columns.note >= 0 ? row[columns.note]?.slice(0, MAX_NOTE) || null : null;
  out.numbers.push({ line, e164: parsed.e164, note });
}

export interface CsvChunk {
  numbers: CsvNumber[];
  refused: CsvRefusal[];
}

/**
 * Good rows and refused ones, by line number (1-based, as an editor shows them). A first line naming
 * a `phone` column is a header and may place the columns; without it the phone is the first column
 * and the note the second. Blank lines are skipped.
 *
 * @example csvNumbers("phone,note\n(415) 555-2671,asked twice\nnot a phone\n")
 * // { numbers: [{ line: 2, e164: "+14155552671", note: "asked twice" }], refused: [{ line: 3, reason: "phone_invalid", value: "not a phone" }] }
 */
export function csvNumbers(text: string): CsvChunk {
  const lines = splitLines(text);
  const columns = columnsOf(lines[0]);
  const out: CsvChunk = { numbers: [], refused: [] };
  for (let index = columns.first; index < lines.length; index++)
    judgeLine(lines[index]!, index, columns, out);
  return out;
}

/**
 * The same rows as csvNumbers, CSV_CHUNK_LINES lines at a time, yielding to the event loop before each
 * chunk: a 100,000-line file never holds the process for more than a few milliseconds at once.
 *
 * @example for await (const chunk of csvNumberChunks(text)) await addChunk(chunk.numbers);
 */
export async function* csvNumberChunks(text: string, size = CSV_CHUNK_LINES): AsyncGenerator<CsvChunk> {
  const lines = splitLines(text);
  const columns = columnsOf(lines[0]);
  for (let start = columns.first; start < lines.length; start += size) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const out: CsvChunk = { numbers: [], refused: [] };
    for (let index = start; index < Math.min(lines.length, start + size); index++)
      judgeLine(lines[index]!, index, columns, out);
    yield out;
  }
}
