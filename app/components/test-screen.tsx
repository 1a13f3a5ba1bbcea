/** Pieces of the test screens (/test-forms, /test-payment, /test-payment-success). */
import type { ReactNode } from "react";
import { seo } from "~/seo/meta.ts";

/** A column: its header, the cell it shows for a row and the cell's look. */
export type Column<Row> = { header: string; cell: (row: Row) => ReactNode; className: string };

/** A plain table with a header row, one row per item (the test screens' tables). */
export function DataTable<Row>({
  className,
  columns,
  rows,
  rowKey,
}: {
  className: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <table className={className}>
      <thead>
        <tr className="border-b border-slate-300">
          {columns.map((column, index) => (
            <th
              key={column.header}
              scope="col"
              className={`py-2 ${index < columns.length - 1 ? "pr-4 " : ""}font-semibold text-navy-900`}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-b border-slate-200">
            {columns.map((column) => (
              <td key={column.header} className={column.className}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A test screen's meta, never indexed: its own, or the not-found page's
 * where the screen is off (it answers 404 there).
 */
export function testScreenMeta(path: string, off: boolean, own: () => { title: string; description: string }) {
  const text = off
    ? { title: "Page Not Found", description: "The page you were looking for could not be found." }
    : own();
  return seo({ ...text, path, noindex: true });
}
