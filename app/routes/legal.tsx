import { data } from "react-router";
import { LegalPage } from "~/components/legal-page.tsx";
import { getLegalDocument } from "~/content/index.server.ts";
import { legalDocumentSchema } from "~/content/schema.ts";
import { seo } from "~/seo/meta.ts";
import type { Route } from "./+types/legal";
import { islandsOnly } from "~/page-script/hydration.ts";

/** No React Router: its islands (the footer's sign-up, the exit popup) wake on their own (ADR 090). */
export const handle = islandsOnly;

// One module serves /privacy, /terms and /cookies (see app/routes.ts).
export function loader({ url }: Route.LoaderArgs) {
  const path = legalDocumentSchema.shape.path.safeParse(url.pathname.replace(/(.)\/+$/, "$1"));
  if (!path.success) throw data(null, { status: 404 });
  return { doc: getLegalDocument(path.data) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seo({ ...loaderData.doc.seo, path: loaderData.doc.path });
}

export default function Legal({ loaderData }: Route.ComponentProps) {
  return <LegalPage doc={loaderData.doc} />;
}
