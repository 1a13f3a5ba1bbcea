/** The audit log (administrators only): newest first, 50 to a page. */
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/audit";
import { StaffTable } from "~/components/admin/data-table.tsx";
import { StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { listAudit } from "~/staff/audit.server.ts";
import { requireAdmin, staffRequestContext } from "~/staff/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { staff } = context.get(staffRequestContext);
  const before = new URL(request.url).searchParams.get("before") ?? undefined;
  return listAudit(staff.db, before && /^[\d:.TZ-]+_[\w-]+$/.test(before) ? before : undefined);
}

export default function AuditLog() {
  const { events, next } = useLoaderData<typeof loader>();
  return (
    <StaffPage title="Audit log" intro={<p>Sign-ins, refused sign-ins and changes to the team, newest first.</p>}>
      {events.length === 0 ? (
        <p className="text-slate-700">Nothing recorded yet.</p>
      ) : (
        <StaffTable
          label="Audit events"
          caption="Audit events, newest first"
          headings={["When", "Who", "What", "On", "From"]}
          className="min-w-2xl"
        >
          {events.map((event) => (
            <tr key={event.id} className="border-b border-slate-300 align-top" data-action={event.action}>
              <td className="py-2 pr-3 whitespace-nowrap">
                <Time iso={event.at} />
              </td>
              <td className="py-2 pr-3 break-all">{event.actorEmail ?? "command line"}</td>
              <td className="py-2 pr-3">
                {event.what}
                {event.detail && <span className="block text-slate-700">{event.detail}</span>}
              </td>
              <td className="py-2 pr-3 break-all">{event.target ?? ""}</td>
              <td className="py-2">{event.ip ?? "command line"}</td>
            </tr>
          ))}
        </StaffTable>
      )}
      {next && (
        <p className="mt-6">
          <Link to={`?before=${encodeURIComponent(next)}`} className="font-semibold text-navy-800 underline">
            Older events
          </Link>
        </p>
      )}
    </StaffPage>
  );
}
