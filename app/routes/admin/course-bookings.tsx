/** Course bookings, newest first (issue 29): who booked which session, how they pay and where the booking stands; each opens its page. */
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/course-bookings";
import { TwoLineCell } from "~/components/admin/data-table.tsx";
import { OrderListPage } from "~/components/admin/order-list-page.tsx";
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
    rows: rows.map((b) => ({
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
  return (
    <OrderListPage
      title="Course bookings"
      about="Places booked on dated sessions, by card or by invoice."
      address="/admin/course-bookings"
      empty="No course bookings yet."
      label="Course bookings, newest first"
      headings={["Booked", "Reference", "Course and session", "Booker", "Places", "Total", "State"]}
      page={useLoaderData<typeof loader>()}
      cells={(b) => (
        <>
          <td className="py-2 pr-3">
            <Link to={`/admin/course-bookings/${b.id}`} className="font-semibold text-navy-800 underline">
              {b.reference}
            </Link>
          </td>
          <TwoLineCell first={b.course} second={b.session} />
          <TwoLineCell first={b.booker} second={b.organisation} />
          <td className="py-2 pr-3">{b.places}</td>
          <td className="py-2 pr-3 whitespace-nowrap">{formatPenceGbp(b.totalPence)}</td>
          <td className="py-2">
            {paymentStateText[b.status]} ({b.method}){b.test && " (test)"}
          </td>
        </>
      )}
    />
  );
}
