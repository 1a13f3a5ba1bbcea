/**
 * The access request's files: everything held about an address, as JSON or
 * CSV, for a posted form (the address never in a URL). Audited by a hash of
 * the address.
 */
import { data } from "react-router";
import type { Route } from "./+types/access-export";
import { byteOrderMark, csvLine } from "~/inbox/csv.ts";
import { isEmailAddress } from "~/forms/schemas.ts";
import { addressHash, findEverything, holdingsAsRows } from "~/privacy/requests.server.ts";
import { auditRequest, requirePermission, staffRequestContext } from "~/staff/request.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, "leads");
  throw data("Download this from the Requests page (the address is sent in a form, not in the link).", {
    status: 405,
    headers: { Allow: "POST" },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  if (!isEmailAddress(email)) throw data("Give an e-mail address.", { status: 400 });
  const now = new Date();
  const held = await findEverything(staff.db, email, staff.mailDir);
  const csv = new URL(request.url).pathname.toLowerCase().endsWith(".csv");
  await auditRequest(
    context,
    {
      actor: user,
      action: "access-request",
      target: `address:${addressHash(email)}`,
      detail: { format: csv ? "csv" : "json" },
    },
    now,
  );
  const name = `data-held-${now.toISOString().slice(0, 10)}`;
  if (csv) {
    const rows = holdingsAsRows(held);
    return new Response(byteOrderMark + csvLine(["What", "Record", "Field", "Value"]) + rows.map(csvLine).join(""), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}.csv"`,
      },
    });
  }
  return new Response(`${JSON.stringify({ generatedAt: now.toISOString(), ...held }, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.json"`,
    },
  });
}
