import type { ReactNode } from "react";

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
