/**
 * The back office's first page: how many leads of each kind came in (today,
 * the last 7 days, all kept), and the paid bookings.
 */
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { StaffTable } from "~/components/admin/data-table.tsx";
import { StaffPage } from "~/components/admin/staff-ui.tsx";
import { leadCounts } from "~/staff/overview.server.ts";
import { staffRequestContext, staffUser } from "~/staff/request.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const user = staffUser(context);
  const { staff } = context.get(staffRequestContext);
  return { name: user.name, counts: await leadCounts(staff.db, new Date()) };
}

export default function Overview() {
  const { name, counts } = useLoaderData<typeof loader>();
  return (
    <StaffPage title="Overview" intro={<p>Welcome, {name}. Test submissions are not counted.</p>}>
      <StaffTable
        label="Leads received, by kind"
        headings={["Kind", "Last 24 hours", "Last 7 days", "All kept"]}
        className="min-w-md [&_thead_th:not(:first-child)]:text-right"
      >
        {counts.map((row) => (
          <tr key={row.label} className="border-b border-slate-300">
            <th scope="row" className="py-2 pr-3 font-semibold">
              {row.label}
            </th>
            <td className="py-2 pr-3 text-right tabular-nums">{row.day}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{row.week}</td>
            <td className="py-2 text-right tabular-nums">{row.all}</td>
          </tr>
        ))}
      </StaffTable>
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
          <a href="/admin/bookings.csv" download className="font-semibold text-navy-800 underline">
            Consultation bookings
          </a>
        </li>
      </ul>
    </StaffPage>
  );
}
