import { Link } from "react-router";
import { notFoundLinks } from "~/content/navigation.ts";
import { TitledPage } from "./sections.tsx";

export function NotFoundContent() {
  return (
    <TitledPage
      id="not-found-title"
      eyebrow="Error 404"
      title="Page Not Found"
      className="container-page py-20 lg:py-28"
    >
      <p className="mt-4 max-w-prose text-lg text-slate-700">
        The page you were looking for has moved or no longer exists. These pages may help you find what you need:
      </p>
      <ul className="mt-8 grid max-w-2xl gap-3 sm:grid-cols-2">
        {notFoundLinks.map((link) => (
          <li key={link.href}>
            <Link
              to={link.href}
              className="block rounded-lg border border-slate-200 px-4 py-3 font-medium text-navy-800 hover:border-navy-700 hover:bg-navy-50"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </TitledPage>
  );
}
