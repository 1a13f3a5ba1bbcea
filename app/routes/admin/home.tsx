/**
 * The back office's first page, open to every account: what the account may
 * do; for those who work leads, how many leads of each kind came in (today,
 * the last 7 days, all kept) and the exports.
 */
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { CountTable } from "~/components/admin/data-table.tsx";
import { StaffPage } from "~/components/admin/staff-ui.tsx";
import { leadCounts } from "~/staff/overview.server.ts";
import { may, roleLabel } from "~/staff/permissions.ts";
import { staffRequestContext, staffUser } from "~/staff/request.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const user = staffUser(context);
  const { staff } = context.get(staffRequestContext);
  return {
    name: user.name,
    role: roleLabel(user.role),
    counts: may(user.role, "leads") ? await leadCounts(staff.db, new Date()) : null,
  };
}

export default function Overview() {
  const { name, role, counts } = useLoaderData<typeof loader>();
  return (
    <StaffPage
      title="Overview"
      intro={
        <p>
          Welcome, {name}. Your account may: {role}.{counts && " Test submissions are not counted."}
        </p>
      }
    >
      {counts ? (
        <LeadFigures counts={counts} />
      ) : (
        <p>Your account does not work leads: ask an administrator if you need to.</p>
      )}
    </StaffPage>
  );
}

function LeadFigures({ counts }: { counts: Awaited<ReturnType<typeof leadCounts>> }) {
  return (
    <>
      <CountTable
        label="Leads received, by kind"
        headings={["Kind", "Last 24 hours", "Last 7 days", "All kept"]}
        rows={counts.map((row) => ({ key: row.label, heading: row.label, figures: [row.day, row.week, row.all] }))}
      />
      <h2 className="mt-8 text-xl font-bold text-navy-900">Exports (CSV)</h2>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        <li>
          <a href="/admin/leads.csv" download className="font-semibold text-navy-800 underline">
            Every lead
          </a>{" "}
          (or any filtered list, from the{" "}
          <Link to="/admin/leads" className="underline">
            inbox
          </Link>
          )
        </li>
        <li>
          <a href="/admin/newsletter.csv" download className="font-semibold text-navy-800 underline">
            Confirmed newsletter subscribers
          </a>
        </li>
        <li>
          <a href="/admin/consultations.csv" download className="font-semibold text-navy-800 underline">
            Consultation bookings
          </a>
        </li>
      </ul>
    </>
  );
}
