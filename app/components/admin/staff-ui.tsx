/**
 * Pieces the back office's pages share: the CSRF field every form carries,
 * the page frame and the messages after an action.
 */
import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { pageTitle } from "~/seo/meta.ts";

/** The area route's id (routes/admin/area.tsx), whose loader hands out the CSRF token. */
export const staffAreaRouteId = "routes/admin/area";

/** The hidden field with this page's CSRF token: every form that posts in /admin has one. */
export function CsrfField() {
  return <input type="hidden" name="_csrf" value={useCsrfToken()} />;
}

/** This page's CSRF token, for a post made from code (it goes in a `_csrf` field). */
export function useCsrfToken(): string {
  return useRouteLoaderData<{ csrf: string }>(staffAreaRouteId)?.csrf ?? "";
}

export function StaffPage({
  title,
  intro,
  children,
  narrow = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  narrow?: boolean;
}) {
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className={`mx-auto w-full flex-1 px-4 py-8 focus:outline-none sm:px-6 ${narrow ? "max-w-md" : "max-w-5xl"}`}
    >
      <title>{pageTitle(`${title} · Back office`)}</title>
      <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">{title}</h1>
      {intro && <div className="mt-2 text-slate-700">{intro}</div>}
      <div className="mt-6">{children}</div>
    </main>
  );
}

/** A confirmation after an action (announced). */
export function Notice({ children }: { children?: ReactNode }) {
  return (
    <div role="status" className="empty:hidden">
      {children && (
        <p className="mb-6 rounded-md border-l-4 border-emerald-700 bg-emerald-50 p-4 font-medium text-emerald-900">
          {children}
        </p>
      )}
    </div>
  );
}

export const londonDateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  dateStyle: "medium",
  timeStyle: "short",
});

export function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{londonDateTime.format(new Date(iso))}</time>;
}

/**
 * A table that scrolls sideways on a narrow screen: a named region the
 * keyboard can scroll. It is positioned, so that a screen-reader-only text
 * in a cell scrolled out of view (absolutely positioned) stays inside it
 * instead of widening the page on a phone.
 */
export function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative overflow-x-auto focus-visible:ring-2 focus-visible:ring-navy-800"
    >
      {children}
    </div>
  );
}

/** A table's column headings (a blank heading is named for screen readers only). */
export function HeaderRow({ headings }: { headings: readonly string[] }) {
  return (
    <thead>
      <tr className="border-b-2 border-navy-900">
        {headings.map((h, i) => (
          <th key={i} scope="col" className="py-2 pr-3">
            {h || <span className="sr-only">Actions</span>}
          </th>
        ))}
      </tr>
    </thead>
  );
}
