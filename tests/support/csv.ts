/**
 * A small reader of the CSV files the site writes (RFC 4180: quoted cells,
 * doubled quotes, commas and line breaks inside quotes, CRLF between rows),
 * for tests to read back what a file says. Throws on a file that does not
 * end its last row.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
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
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || row.length > 0 || quoted) throw new Error("The CSV's last row is not ended");
  return rows;
}

/** The rows after the header, each as { column: cell }. */
export function csvRecords(rows: readonly string[][]): Record<string, string>[] {
  const [header = [], ...body] = rows;
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
}
