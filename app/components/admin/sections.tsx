/**
 * The parts a back-office page is made of: a section named by its heading,
 * the ruled list its rows stand in (or the sentence said when there are
 * none), and a row with the actions on it beside its text.
 */
import type { ReactNode } from "react";

export const sectionHeading = "text-xl font-bold text-navy-900";

/** A section of a staff page, named by its heading (`${id}-heading`). */
export function StaffSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className={sectionHeading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What a list says when it has no rows. */
export function EmptyNote({ children, className = "mt-3" }: { children: ReactNode; className?: string }) {
  return <p className={`${className} text-slate-700`.trim()}>{children}</p>;
}

/**
 * Rows between rules, one `<li>` each (`row` gives it, with its key); with
 * `empty`, no rows say that sentence instead.
 */
export function RuledList<T>({
  items,
  row,
  empty,
  label,
  ordered = false,
  className = "mt-3",
}: {
  items: readonly T[];
  row: (item: T) => ReactNode;
  empty?: ReactNode;
  label?: string;
  ordered?: boolean;
  className?: string;
}) {
  if (items.length === 0 && empty !== undefined) return <EmptyNote className={className}>{empty}</EmptyNote>;
  const List = ordered ? "ol" : "ul";
  return (
    <List className={`${className} divide-y divide-slate-300 border-y border-slate-300`.trim()} aria-label={label}>
      {items.map(row)}
    </List>
  );
}

/**
 * A row of a ruled list: its text, with the actions on it beside (below on a
 * narrow screen); `top` lines the actions up with a long text's first line.
 */
export function ActionRow({
  actions,
  top = false,
  children,
}: {
  actions?: ReactNode;
  top?: boolean;
  children: ReactNode;
}) {
  return (
    <li className={`flex flex-wrap gap-x-4 gap-y-2 py-3 ${top ? "items-start" : "items-center"}`}>
      <div className="min-w-0 flex-1">{children}</div>
      {actions}
    </li>
  );
}
