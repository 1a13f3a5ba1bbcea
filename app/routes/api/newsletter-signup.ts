import { apiAction } from "~/leads/form-action.server.ts";
import { methodNotAllowed } from "~/http/http.server.ts";
import type { Route } from "./+types/newsletter-signup";

/** POST /api/newsletter-signup (spec section 7): answers { success, message }. */
export const action = (args: Route.ActionArgs) => apiAction("newsletter", args);
export const loader = () => methodNotAllowed("POST");
