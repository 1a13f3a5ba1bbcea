import { apiAction } from "~/leads/form-action.server.ts";
import { methodNotAllowed } from "~/http/http.server.ts";
import type { Route } from "./+types/guide-request";

/** POST /api/webhook/guide-request (spec section 7): answers { success, message }. */
export const action = (args: Route.ActionArgs) => apiAction("guideRequest", args);
export const loader = () => methodNotAllowed("POST");
