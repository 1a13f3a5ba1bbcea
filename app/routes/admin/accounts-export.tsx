/**
 * The export for the accounts (issue 41, docs/decisions/080-accounts-export.md):
 * the team picks a period and a package (Xero or QuickBooks Online), sees how
 * many invoices, credit notes and payments it holds, and downloads each file
 * (./accounts-export-file.ts). A period that is not one is refused (400) with
 * a message by the field.
 */
import { Form, data, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/accounts-export";
import { StaffPage } from "~/components/admin/staff-ui.tsx";
import { StaffSection } from "~/components/admin/sections.tsx";
import { RadioGroup, TextField } from "~/components/forms/field.tsx";
import { formatDate } from "~/format/dates.ts";
import {
  accountsFiles,
  accountsPackages,
  lastMonth,
  maxPeriodDays,
  readExportRequest,
  type AccountsFile,
  type ExportRequest,
  type ExportRequestField,
} from "~/orders/course-booking/accounts-export.ts";
import { exportCounts } from "~/orders/course-booking/accounts-export.server.ts";
import { londonDate } from "~/orders/course-booking/days.ts";
import { requirePermission, staffRequestContext } from "~/staff/request.server.ts";

type Problems = Partial<Record<ExportRequestField, string>>;

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, "leads");
  const { staff } = context.get(staffRequestContext);
  const query = new URL(request.url).searchParams;
  const defaults = { ...lastMonth(londonDate(new Date())), package: "xero" };
  if (!query.has("from") && !query.has("to") && !query.has("package")) {
    return { values: defaults, problems: {} as Problems, ready: null };
  }
  const values = {
    from: (query.get("from") ?? "").slice(0, 20),
    to: (query.get("to") ?? "").slice(0, 20),
    package: (query.get("package") ?? "").slice(0, 20),
  };
  // The page asks for the period and package; the file is chosen by the download link.
  const read = readExportRequest({ ...values, file: "invoices" });
  if (!read.ok) return data({ values, problems: read.problems as Problems, ready: null }, { status: 400 });
  const counts = await exportCounts(staff.db, read.request);
  return { values, problems: {} as Problems, ready: { request: read.request, counts } };
}

const fileHref = (request: ExportRequest, file: AccountsFile) =>
  `/admin/accounts-export.csv?${new URLSearchParams({ from: request.from, to: request.to, package: request.package, file })}`;

const inWords = (date: string) => formatDate(`${date}T12:00:00Z`);

export default function AccountsExport() {
  const { values, problems, ready } = useLoaderData<typeof loader>();
  const loading = useNavigation().state === "loading";
  const field = (name: "from" | "to") => ({
    formId: "accounts-export",
    name,
    defaultValue: values[name],
    error: problems[name],
    required: true,
    type: "date" as const,
  });
  const wrong = Object.keys(problems).length;
  return (
    <StaffPage
      title="Export for the accounts"
      intro={
        <p>
          The invoices, credit notes and payments of a period, as files your accounts package imports. The account codes
          and VAT names they carry are set in the business settings.
        </p>
      }
    >
      {wrong > 0 && (
        <p role="alert" className="mb-6 rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
          Nothing to download yet: please correct the {wrong === 1 ? "field" : "fields"} marked below.
        </p>
      )}
      <StaffSection id="period" title="Period and package" className="max-w-xl">
        <Form method="get" className="mt-4 space-y-5" noValidate>
          <TextField
            {...field("from")}
            label="First day"
            hint="Documents issued and payments received on this day (London time) or after it."
          />
          <TextField
            {...field("to")}
            label="Last day"
            hint={`This day included; at most ${maxPeriodDays} days after the first.`}
          />
          <RadioGroup
            formId="accounts-export"
            name="package"
            label="Accounts package"
            required
            error={problems.package}
            defaultValue={values.package}
            options={Object.entries(accountsPackages).map(([value, label]) => ({ value, label }))}
          />
          <button type="submit" disabled={loading} className="btn-primary">
            Show the files
          </button>
        </Form>
      </StaffSection>

      {ready && (
        <StaffSection id="files" title="Files to download" className="mt-10">
          <p className="mt-2 text-slate-700">
            From {inWords(ready.request.from)} to {inWords(ready.request.to)}, for{" "}
            {accountsPackages[ready.request.package]}:
          </p>
          <ul className="mt-4 space-y-3">
            {(
              [
                ["invoices", ready.counts.invoices, "invoice", "invoices"],
                ["credit-notes", ready.counts.creditNotes, "credit note", "credit notes"],
                ["payments", ready.counts.payments, "payment", "payments"],
              ] as const
            ).map(([file, count, one, many]) => (
              <li key={file}>
                <a href={fileHref(ready.request, file)} download className="font-semibold text-navy-800 underline">
                  Download {accountsFiles[file].toLowerCase()} (CSV)
                </a>{" "}
                <span className="text-slate-700">
                  {count === 0 ? `no ${many}` : `${count} ${count === 1 ? one : many}`}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-700">
            {ready.request.package === "xero"
              ? "In Xero, import each file under Business, Invoices, Import: a credit note's amounts are negative, so Xero imports it as a credit note. Payments are listed for matching in Xero's bank reconciliation."
              : "In QuickBooks Online, import the invoices under Settings, Import data, Invoices. Enter the credit notes as credit memos, and match the payments in the bank feed."}
          </p>
        </StaffSection>
      )}
    </StaffPage>
  );
}
