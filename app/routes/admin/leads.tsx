/**
 * The inbox: every lead of every kind, newest first (or open enquiries by
 * their deadline), with filters and search in the address, 50 to a page.
 */
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/leads";
import { StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { RuledList } from "~/components/admin/sections.tsx";
import { FilterInput, FilterSelect } from "~/components/forms/filter-fields.tsx";
import { pillarIds } from "~/content/ids.ts";
import { serviceInterests } from "~/forms/fields.ts";
import { openLeadDue } from "~/inbox/due.ts";
import type { DeadlineState } from "~/calendar/response-deadline.ts";
import { filterQuery, parseFilters } from "~/inbox/filters.ts";
import { listLeads } from "~/inbox/query.server.ts";
import { leadStatuses, statusLabels } from "~/data/lead-statuses.ts";
import { allInboxKinds, inboxKinds } from "~/inbox/kinds.server.ts";
import { listOwners } from "~/staff/accounts.server.ts";
import { requirePermission, staffRequestContext } from "~/staff/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const after = url.searchParams.get("after");
  const now = new Date();
  const [{ rows, next }, owners] = await Promise.all([
    listLeads(staff.db, filters, user.id, after),
    listOwners(staff.db),
  ]);
  return {
    filters,
    paged: Boolean(after),
    next: next ? filterQuery(filters, next) : null,
    first: filterQuery(filters),
    owners,
    kinds: allInboxKinds.map((k) => ({ value: k.kind, label: k.label })),
    leads: rows.map((row) => {
      const kind = inboxKinds[row.kind];
      return {
        ...row,
        kindLabel: kind.label,
        subjectLabel: kind.subjectLabel(row.subject),
        due: openLeadDue(row, now, staff.mail.calendar),
      };
    }),
  };
}

function DueBadge({ due }: { due: { state: DeadlineState; hours: number | null } }) {
  if (due.state === "overdue") {
    return (
      <span className="rounded bg-red-700 px-2 py-0.5 text-sm font-semibold text-white">
        Overdue{due.hours ? ` by ${due.hours} business h` : ""}
      </span>
    );
  }
  if (due.state === "due-soon") {
    return (
      <span className="rounded bg-amber-200 px-2 py-0.5 text-sm font-semibold text-amber-950">
        Due in {Math.max(due.hours ?? 1, 1)} business h
      </span>
    );
  }
  return null;
}

export default function Inbox() {
  const data = useLoaderData<typeof loader>();
  const { filters } = data;
  return (
    <StaffPage title="Inbox">
      <Form method="get" className="rounded-md border border-slate-300 bg-slate-50 p-4" aria-label="Filter the leads">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <FilterInput
            name="q"
            type="search"
            label="Search names, e-mail addresses, companies and messages"
            value={filters.q}
            className="sm:col-span-2"
          />
          <FilterSelect name="kind" label="Kind" value={filters.kind ?? ""} options={data.kinds} any="All kinds" />
          <FilterSelect
            name="status"
            label="Status"
            value={filters.status ?? ""}
            options={leadStatuses.map((s) => ({ value: s, label: statusLabels[s] }))}
            any="Any status"
          />
          <FilterSelect
            name="owner"
            label="Owner"
            value={filters.owner ?? ""}
            options={[
              { value: "me", label: "Me" },
              { value: "none", label: "Nobody" },
              ...data.owners.map((o) => ({ value: o.id, label: o.name })),
            ]}
            any="Anyone"
          />
          <FilterSelect
            name="pillar"
            label="Pillar"
            value={filters.pillar ?? ""}
            options={serviceInterests.filter((s) => (pillarIds as readonly string[]).includes(s.value))}
            any="Any pillar"
          />
          <FilterInput name="from" type="date" label="Received from" value={filters.from ?? ""} />
          <FilterInput name="to" type="date" label="Received to" value={filters.to ?? ""} />
          <FilterSelect
            name="sort"
            label="Order"
            value={filters.sort === "deadline" ? "deadline" : ""}
            options={[{ value: "deadline", label: "Open enquiries, soonest deadline first" }]}
            any="Newest first"
          />
          <div className="flex items-end">
            <label className="flex min-h-11 items-center gap-2 text-navy-900">
              <input type="checkbox" name="test" value="1" defaultChecked={filters.test} className="size-5" />
              Test submissions instead
            </label>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" className="btn-primary">
            Show leads
          </button>
          <Link to="/admin/leads" className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline">
            Clear filters
          </Link>
          <a
            href={`/admin/leads.csv${data.first}`}
            download
            className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline"
          >
            Download these leads (CSV)
          </a>
        </div>
      </Form>

      <h2 className="mt-8 text-xl font-bold text-navy-900">
        {filters.test ? "Test submissions" : filters.sort === "deadline" ? "By deadline" : "Newest first"}
        {data.paged && ", older page"}
      </h2>
      <RuledList
        items={data.leads}
        empty="No leads match."
        label="Leads"
        ordered
        row={(lead) => (
          <li key={lead.id} className="py-3" data-status={lead.status}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Link
                to={`/admin/leads/${lead.id}`}
                className="font-semibold break-all text-navy-800 underline underline-offset-2"
              >
                {lead.name || lead.email}
              </Link>
              <span className="rounded bg-slate-200 px-2 py-0.5 text-sm text-slate-900">
                {statusLabels[lead.status]}
              </span>
              {lead.due && <DueBadge due={lead.due} />}
            </div>
            <p className="mt-1 text-sm text-slate-800">
              {lead.kindLabel}
              {lead.subjectLabel && `: ${lead.subjectLabel}`}
              {lead.company && ` · ${lead.company}`}
              {lead.name && <span className="break-all"> · {lead.email}</span>}
            </p>
            <p className="mt-1 text-sm text-slate-700">
              Received <Time iso={lead.createdAt} /> from {lead.sourcePage}
              {lead.deadlineAt && (
                <>
                  {" "}
                  · answer by <Time iso={lead.deadlineAt} />
                </>
              )}
              {" · "}
              {lead.ownerName ? `Owner: ${lead.ownerName}` : "No owner"}
            </p>
          </li>
        )}
      />
      <nav aria-label="Pages" className="mt-6 flex flex-wrap gap-6">
        {data.paged && (
          <Link to={`/admin/leads${data.first}`} className="font-semibold text-navy-800 underline">
            Newest page
          </Link>
        )}
        {data.next && (
          <Link to={`/admin/leads${data.next}`} className="font-semibold text-navy-800 underline">
            Next page
          </Link>
        )}
      </nav>
    </StaffPage>
  );
}
