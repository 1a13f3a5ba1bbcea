import { apiAction } from "~/leads/form-action.server.ts";
import { methodNotAllowed } from "~/http/http.server.ts";
import type { Route } from "./+types/resource-download";

/** POST /api/resource-download (spec section 7): answers { success, message }. */
export const action = (args: Route.ActionArgs) => apiAction("resourceDownload", args);
export const loader = () => methodNotAllowed("POST");
