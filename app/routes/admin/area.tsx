/**
 * The back office (/admin), every page of it: no-store and noindex, the
 * CSRF check on every post, the session read (app/staff/request.server.ts),
 * the access rule (app/staff/access.server.ts).
 * Its own frame instead of the public site's header and footer.
 */
import { isRouteErrorResponse, Link, Outlet } from "react-router";
import type { Route } from "./+types/area";
import { StaffPage } from "~/components/admin/staff-ui.tsx";
import { accessRule } from "~/staff/access.server.ts";
import { staffArea, staffRequestContext } from "~/staff/request.server.ts";

/** The CSRF check, the session and the headers; then who may do this (app/staff/access-rules.ts). */
export const middleware: Route.MiddlewareFunction[] = [staffArea, accessRule];

/** Tells the root layout to leave out the public site's frame (app/root.tsx). */
export const handle = { area: "staff" };

export function loader({ context }: Route.LoaderArgs) {
  return { csrf: context.get(staffRequestContext).csrf };
}

export default function StaffArea() {
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : status === 404
        ? "There is no such page in the back office."
        : "Sorry, this could not be done just now. Please try again in a moment.";
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <StaffPage title={status === 403 ? "Not allowed" : status === 404 ? "Not found" : "Something went wrong"}>
        <p className="text-slate-800">{message}</p>
        <p className="mt-4">
          <Link to="/admin" className="font-semibold text-navy-800 underline">
            Back office home
          </Link>
        </p>
      </StaffPage>
    </>
  );
}
