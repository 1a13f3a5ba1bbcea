import { redirect } from "react-router";
import type { Route } from "./+types/pillars";

/** /pillars/{id} (linked by the old home page) -> /pillar/{id}, permanently. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/pillar/${encodeURIComponent(params.pillarId)}`, 301);
}
