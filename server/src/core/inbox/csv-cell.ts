// One CSV cell, safe to open in a spreadsheet and still clean for a CRM import: a valid E.164 phone as it is, any
// other cell a spreadsheet could read as a formula neutralised, then RFC 4180 quoting (README: "CSV").

/**
 * A cell starting with one of these (after any spaces, which spreadsheets skip) is a formula, or becomes one, in
 * Excel, LibreOffice Calc or Google Sheets: =, +, -, @, a tab, a carriage return or a line feed.
 */
const FORMULA_START = /^ *[=+\-@\t\r\n]/;
/** "+" then 2 to 15 digits, the first not 0: a number to a spreadsheet at worst, never a formula that calls anything. */
const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * A leading apostrophe makes spreadsheets show the text as text (OWASP's advice for CSV injection);
 * every cell is quoted, so commas, quotes and line breaks inside it stay in the cell.
 *
 * @example csvCell('=HYPERLINK("http://x")') // "\"'=HYPERLINK(\"\"http://x\"\")\""
 * @example csvCell("+14155552671") // "\"+14155552671\"" (a CRM reads the phone as sent)
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text) && !E164.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One CSV record with its CRLF line ending (RFC 4180). */
export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;
