import { redirect } from "react-router";
import type { Route } from "./+types/admin-bookings";

/**
 * /admin/bookings (the paid consultation's list until issue 40), any address
 * below it and its CSV -> the same under /admin/consultations, with the
 * query kept, permanently (docs/decisions/068-one-stripe-module.md).
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const { pathname, search } = new URL(request.url);
  const below = params["*"] ? `/${params["*"].split("/").map(encodeURIComponent).join("/")}` : "";
  const csv = /\.csv\/?$/i.test(pathname) && !below;
  return redirect(`/admin/consultations${csv ? ".csv" : below}${search}`, 301);
}
