// The rows of a do-not-call CSV file: one number per row (column `phone`, optional `note`), each checked on its own.
import { parseListedNumber } from "./service.ts";

export interface CsvNumber {
  line: number;
  e164: string;
  note: string | null;
}

export interface CsvRefusal {
  line: number;
  reason: "phone_invalid" | "phone_not_us" | "phone_missing" | "unbalanced_quotes";
}

const MAX_NOTE = 500;

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

/**
 * Good rows and refused ones, by line number (1-based, as an editor shows them). A first line naming
 * a `phone` column is a header and may place the columns; without it the phone is the first column
 * and the note the second. Blank lines are skipped. Refusals never repeat the row's content.
 *
 * @example csvNumbers("phone,note\n(415) 555-2671,asked twice\nnot a phone\n")
 * // { numbers: [{ line: 2, e164: "+14155552671", note: "asked twice" }], refused: [{ line: 3, reason: "phone_invalid" }] }
 */
export function csvNumbers(text: string): { numbers: CsvNumber[]; refused: CsvRefusal[] } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  let phoneColumn = 0;
  let noteColumn = 1;
  let first = 0;
  const header = fields(lines[0] ?? "")?.map((name) => name.toLowerCase());
  if (header?.includes("phone")) {
    phoneColumn = header.indexOf("phone");
    noteColumn = header.indexOf("note");
    first = 1;
  }
  const numbers: CsvNumber[] = [];
  const refused: CsvRefusal[] = [];
  for (let index = first; index < lines.length; index++) {
    const raw = lines[index]!;
    if (raw.trim() === "") continue;
    const line = index + 1;
    const row = fields(raw);
    if (!row) {
      refused.push({ line, reason: "unbalanced_quotes" });
      continue;
    }
    const phone = row[phoneColumn] ?? "";
    if (phone === "") {
      refused.push({ line, reason: "phone_missing" });
      continue;
    }
    const parsed = parseListedNumber(phone);
    if (!parsed.ok) {
      refused.push({ line, reason: parsed.code });
      continue;
    }
    const note = noteColumn >= 0 ? row[noteColumn]?.slice(0, MAX_NOTE) || null : null;
    numbers.push({ line, e164: parsed.e164, note });
  }
  return { numbers, refused };
}
