import { apiAction } from "~/leads/form-action.server.ts";
import { methodNotAllowed } from "~/http/http.server.ts";
import type { Route } from "./+types/webinar-registration";

/** POST /api/webinar-registration (free webinars; not in the spec) (spec section 7): answers { success, message }. */
export const action = (args: Route.ActionArgs) => apiAction("webinarRegistration", args);
export const loader = () => methodNotAllowed("POST");
