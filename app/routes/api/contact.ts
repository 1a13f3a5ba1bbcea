import { apiAction } from "~/leads/form-action.server.ts";
import { methodNotAllowed } from "~/http/http.server.ts";
import type { Route } from "./+types/contact";

/** POST /api/contact (spec section 7): answers { success, message }. */
export const action = (args: Route.ActionArgs) => apiAction("contact", args);
export const loader = () => methodNotAllowed("POST");
