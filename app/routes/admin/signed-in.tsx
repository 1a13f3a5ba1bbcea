/**
 * The pages behind sign-in: the `signedIn` middleware sends anyone without
 * a full session to sign in first. The bar with the back office's sections
 * the account may open (by the access rules), who is signed in and what they
 * may do, and sign-out.
 */
import { Form, Link, NavLink, Outlet, useLoaderData } from "react-router";
import type { Route } from "./+types/signed-in";
import { CsrfField } from "~/components/admin/staff-ui.tsx";
import { mayOpen } from "~/staff/access-rules.ts";
import { roleLabel } from "~/staff/permissions.ts";
import { signedIn, staffRequestContext, staffUser } from "~/staff/request.server.ts";
import { settingsMissingBanner } from "~/settings/business-settings.ts";
import { currentBusinessSettings } from "~/settings/business-settings.server.ts";

export const middleware: Route.MiddlewareFunction[] = [signedIn];

export async function loader({ context }: Route.LoaderArgs) {
  const user = staffUser(context);
  const { staff } = context.get(staffRequestContext);
  // The release ships no business settings: until an administrator saves them, every page says so (ADR 066).
  const settingsMissing = (await currentBusinessSettings(staff.db)) === null;
  return {
    user: { name: user.name, role: roleLabel(user.role) },
    sections: sections.filter((s) => mayOpen(user.role, s.to)),
    settingsMissing: settingsMissing ? { canSet: mayOpen(user.role, "/admin/settings") } : null,
  };
}

const sections = [
  { to: "/admin", label: "Overview" },
  { to: "/admin/leads", label: "Inbox" },
  { to: "/admin/spam", label: "Spam" },
  { to: "/admin/outbox", label: "Outbox" },
  { to: "/admin/consultations", label: "Consultations" },
  { to: "/admin/course-bookings", label: "Course bookings" },
  { to: "/admin/sessions", label: "Sessions" },
  { to: "/admin/accounts-export", label: "Export for the accounts" },
  { to: "/admin/conversions", label: "What converts" },
  { to: "/admin/requests", label: "Requests" },
  { to: "/admin/content", label: "Site content" },
  { to: "/admin/users", label: "Team" },
  { to: "/admin/webhooks", label: "Webhooks" },
  { to: "/admin/audit", label: "Audit log" },
  { to: "/admin/settings", label: "Business settings" },
  { to: "/admin/account", label: "Your account" },
];

export default function SignedIn() {
  const { user, sections, settingsMissing } = useLoaderData<typeof loader>();
  return (
    <>
      <header className="bg-navy-900 text-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <p className="font-bold">Back office</p>
          <nav aria-label="Back office" className="order-last w-full sm:order-none sm:w-auto">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {sections.map((s) => (
                <li key={s.to}>
                  <NavLink
                    to={s.to}
                    end
                    className="inline-block min-h-11 py-2.5 underline-offset-4 hover:underline aria-[current=page]:underline"
                  >
                    {s.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span>
              {user.name} <span className="text-slate-300">({user.role})</span>
            </span>
            <Form method="post" action="/admin/sign-out">
              <CsrfField />
              <button type="submit" className="min-h-11 rounded-md border border-white/60 px-3 py-2 font-semibold">
                Sign out
              </button>
            </Form>
          </div>
        </div>
      </header>
      {settingsMissing && (
        <div className="border-b-4 border-amber-600 bg-amber-50 text-amber-950">
          <p className="mx-auto max-w-5xl px-4 py-3 font-semibold sm:px-6">
            {settingsMissingBanner}{" "}
            {settingsMissing.canSet ? (
              <Link to="/admin/settings" className="underline">
                Set the business settings
              </Link>
            ) : (
              "An administrator can set them."
            )}
          </p>
        </div>
      )}
      <Outlet />
    </>
  );
}
