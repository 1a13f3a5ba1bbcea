/** Course bookings, newest first (issue 29): who booked which session, how they pay and where the booking stands; each opens its page. */
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/course-bookings";
import { StaffTable } from "~/components/admin/data-table.tsx";
import { KeysetPages } from "~/components/admin/keyset-pages.tsx";
import { StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { formatPenceGbp } from "~/format/money.ts";
import { listCourseBookings } from "~/orders/course-booking/booking-reads.server.ts";
import { paymentStateText } from "~/orders/course-booking/states.ts";
import { requirePermission, staffRequestContext } from "~/staff/request.server.ts";

const pageSize = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const after = new URL(request.url).searchParams.get("after");
  const { rows, next } = await listCourseBookings(staff.db, after, pageSize);
  return {
    bookings: rows.map((b) => ({
      id: b.id,
      reference: b.reference,
      createdAt: b.created_at,
      course: b.course_title,
      session: b.session_label,
      booker: b.booker_name,
      organisation: b.organisation,
      places: b.quantity,
      totalPence: b.total_pence,
      method: b.payment_method,
      status: b.status,
      test: b.is_test === 1,
    })),
    paged: after !== null,
    next,
  };
}

export default function CourseBookings() {
  const { bookings, paged, next } = useLoaderData<typeof loader>();
  return (
    <StaffPage
      title="Course bookings"
      intro={
        <p>
          Places booked on dated sessions, by card or by invoice.{" "}
          <a href="/admin/course-bookings.csv" download className="font-semibold text-navy-800 underline">
            Download all (CSV)
          </a>
        </p>
      }
    >
      {bookings.length === 0 ? (
        <p className="text-slate-700">No course bookings yet.</p>
      ) : (
        <StaffTable
          label="Course bookings, newest first"
          headings={["Booked", "Reference", "Course and session", "Booker", "Places", "Total", "State"]}
          className="min-w-3xl"
        >
          {bookings.map((b) => (
            <tr key={b.id} className="border-b border-slate-300 align-top">
              <td className="py-2 pr-3 whitespace-nowrap">
                <Time iso={b.createdAt} />
              </td>
              <td className="py-2 pr-3">
                <Link to={`/admin/course-bookings/${b.id}`} className="font-semibold text-navy-800 underline">
                  {b.reference}
                </Link>
              </td>
              <td className="py-2 pr-3">
                {b.course}
                <span className="block text-slate-700">{b.session}</span>
              </td>
              <td className="py-2 pr-3">
                {b.booker}
                <span className="block text-slate-700">{b.organisation}</span>
              </td>
              <td className="py-2 pr-3">{b.places}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{formatPenceGbp(b.totalPence)}</td>
              <td className="py-2">
                {paymentStateText[b.status]} ({b.method}){b.test && " (test)"}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      <KeysetPages first="/admin/course-bookings" paged={paged} next={next} />
    </StaffPage>
  );
}
