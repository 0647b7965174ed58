// One CSV cell, safe to open in a spreadsheet: formula triggers neutralised, then RFC 4180 quoting.

/** A cell starting with one of these is a formula (or becomes one) in Excel, LibreOffice or Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A leading apostrophe makes spreadsheets show the text as text (OWASP's advice for CSV injection);
 * every cell is quoted, so commas, quotes and line breaks inside it stay in the cell.
 *
 * @example csvCell('=HYPERLINK("http://x")') // "\"'=HYPERLINK(\"\"http://x\"\")\""
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One CSV record with its CRLF line ending (RFC 4180). */
export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;
