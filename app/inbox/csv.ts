/**
 * CSV for spreadsheets (RFC 4180), safe to open in Excel: UTF-8 with a byte
 * order mark (without it Excel reads UTF-8 as the local code page), CRLF
 * line ends, every field quoted, and formula injection neutralised: a cell
 * that starts with =, +, -, @, a tab or a carriage return is what a
 * spreadsheet would run as a formula, so it gets a leading apostrophe (the
 * OWASP advice). Pure.
 */

export const byteOrderMark = "\uFEFF";

const formulaStart = /^[=+\-@\t\r]/;

/** One cell: neutralised if it could be read as a formula, then quoted. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One line, CRLF-terminated. */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
