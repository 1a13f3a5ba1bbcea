/**
 * Course sessions for the team (issue 29): every published session, soonest
 * first, with its capacity and the places sold (paid or invoiced), held for a
 * card payment and free; each opens its roster.
 */
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/sessions";
import { StaffTable } from "~/components/admin/data-table.tsx";
import { StaffPage } from "~/components/admin/staff-ui.tsx";
import { sessionRows } from "~/orders/course-booking/team-views.server.ts";
import { requirePermission, staffRequestContext } from "~/staff/request.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  return { sessions: await sessionRows(staff.db, new Date()) };
}

export default function Sessions() {
  const { sessions } = useLoaderData<typeof loader>();
  return (
    <StaffPage
      title="Course sessions"
      intro={
        <p>Every dated session the site offers, with its places. The dates themselves are edited in Site content.</p>
      }
    >
      {sessions.length === 0 ? (
        <p className="text-slate-700">No sessions are published.</p>
      ) : (
        <StaffTable
          label="Course sessions, soonest first"
          headings={["Dates", "Course", "Where", "State", "Capacity", "Sold", "Held", "Free"]}
          className="min-w-3xl"
        >
          {sessions.map((s) => (
            <tr key={s.key} className="border-b border-slate-300 align-top">
              <td className="py-2 pr-3 whitespace-nowrap">
                <Link to={`/admin/sessions/${s.key}`} className="font-semibold text-navy-800 underline">
                  {s.label}
                </Link>
              </td>
              <td className="py-2 pr-3">{s.courseTitle}</td>
              <td className="py-2 pr-3">{s.where}</td>
              <td className="py-2 pr-3">{s.stateText}</td>
              <td className="py-2 pr-3">{s.capacity}</td>
              <td className="py-2 pr-3">{s.sold}</td>
              <td className="py-2 pr-3">{s.held}</td>
              <td className="py-2">{s.free}</td>
            </tr>
          ))}
        </StaffTable>
      )}
    </StaffPage>
  );
}
