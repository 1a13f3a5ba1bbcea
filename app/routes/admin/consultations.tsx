/** The paid consultation (/admin/consultations): its bookings and checkouts, newest first, with their Stripe state and amount. */
import { useLoaderData } from "react-router";
import type { Route } from "./+types/consultations";
import { TwoLineCell } from "~/components/admin/data-table.tsx";
import { OrderListPage } from "~/components/admin/order-list-page.tsx";
import { Time } from "~/components/admin/staff-ui.tsx";
import { listBookings } from "~/orders/bookings.server.ts";
import { requirePermission, staffRequestContext } from "~/staff/request.server.ts";

const pageSize = 50;

const statusLabels = {
  pending: "Checkout not completed",
  paid: "Paid",
  failed: "Payment failed",
  setup_failed: "Could not start",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const after = new URL(request.url).searchParams.get("after");
  const { rows, next } = await listBookings(staff.db, after, pageSize);
  return { rows: rows.map((b) => ({ ...b, createdAt: b.created_at })), paged: after !== null, next };
}

const money = (pence: number, currency: string) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency: currency.toUpperCase() }).format(pence / 100);

export default function Consultations() {
  return (
    <OrderListPage
      title="Consultations"
      about="Strategy consultations paid by card, and checkouts that were started."
      address="/admin/consultations"
      empty="No consultations booked yet."
      label="Consultation bookings, newest first"
      headings={["Started", "Customer", "Participants", "Amount", "State", "Stripe payment"]}
      page={useLoaderData<typeof loader>()}
      cells={(b) => (
        <>
          <TwoLineCell first={b.customer_name} second={b.customer_email} breakAll />
          <td className="py-2 pr-3">{b.quantity ?? "(test payment)"}</td>
          <td className="py-2 pr-3 whitespace-nowrap">{money(b.amount_pence, b.currency)}</td>
          <td className="py-2 pr-3">
            {statusLabels[b.status]}
            {b.is_test === 1 && " (test)"}
            {b.paid_at && (
              <span className="block text-slate-700">
                <Time iso={b.paid_at} />
              </span>
            )}
            {b.failure_message && <span className="block text-red-800">{b.failure_message}</span>}
          </td>
          <td className="py-2 font-mono text-xs break-all">{b.payment_intent_id ?? ""}</td>
        </>
      )}
    />
  );
}
