/** The access request's files: everything held about an address, as JSON or CSV. Audited. */
import { data } from "react-router";
import type { Route } from "./+types/access-export";
import { byteOrderMark, csvLine } from "~/inbox/csv.ts";
import { isEmailAddress } from "~/forms/schemas.ts";
import { addressHash, findEverything, holdingsAsRows } from "~/privacy/requests.server.ts";
import { auditRequest, staffRequestContext, staffUser } from "~/staff/request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = staffUser(context);
  const { staff } = context.get(staffRequestContext);
  const url = new URL(request.url);
  const email = url.searchParams.get("email")?.trim() ?? "";
  if (!isEmailAddress(email)) throw data("Give an e-mail address.", { status: 400 });
  const now = new Date();
  const held = await findEverything(staff.db, email, staff.mailDir);
  const csv = url.pathname.endsWith(".csv");
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
