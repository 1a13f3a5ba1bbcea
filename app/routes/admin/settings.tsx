/**
 * Business settings (administrators only; docs/decisions/066-business-settings.md):
 * the provider's own facts every VAT invoice prints (legal name, registered
 * office, company and VAT numbers, bank details, payment terms, contact
 * addresses, the payment reminders' days, the codes the export for the
 * accounts writes). Each save is a numbered revision (who, when), listed here;
 * an invoice keeps the revision it was issued with. Audited.
 */
import { lateInterestFromDays } from "~/orders/course-booking/payment-reminders.ts";
import { data, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { Notice, StaffPage, Time } from "~/components/admin/staff-ui.tsx";
import { PostForm } from "~/components/admin/post-form.tsx";
import { RuledList, StaffSection } from "~/components/admin/sections.tsx";
import { RequiredNote, TextAreaField, TextField } from "~/components/forms/field.tsx";
import {
  businessSettingsFields as labels,
  emptySettingsForm,
  readBusinessSettings,
  settingsAsForm,
  type BusinessSettingsForm,
  type BusinessSettingsProblems,
} from "~/settings/business-settings.ts";
import { listBusinessSettingsRevisions, saveBusinessSettings } from "~/settings/business-settings.server.ts";
import { auditRequest, requireAdmin, staffRequestContext } from "~/staff/request.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { staff } = context.get(staffRequestContext);
  const revisions = await listBusinessSettingsRevisions(staff.db);
  const current = revisions[0] ?? null;
  return {
    form: current ? settingsAsForm(current.settings) : emptySettingsForm,
    current: current && { revision: current.revision, sample: current.sample },
    revisions: revisions.map((r) => ({
      revision: r.revision,
      savedAt: r.savedAt,
      savedByName: r.savedByName,
      sample: r.sample,
      vatNumber: r.settings.vatNumber,
      legalName: r.settings.legalName,
    })),
  };
}

type Answer = { problems?: BusinessSettingsProblems; values?: BusinessSettingsForm; saved?: number };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const { staff } = context.get(staffRequestContext);
  const form = Object.fromEntries(await request.formData());
  const read = readBusinessSettings(form);
  if (!read.ok) {
    const values = Object.fromEntries(
      Object.keys(labels).map((field) => [field, typeof form[field] === "string" ? form[field].slice(0, 1000) : ""]),
    ) as BusinessSettingsForm;
    return data<Answer>({ problems: read.problems, values }, { status: 400 });
  }
  const now = new Date();
  const revision = await saveBusinessSettings(staff.db, read.settings, { by: admin, now });
  await auditRequest(
    context,
    {
      actor: admin,
      action: "business-settings-saved",
      target: "business-settings",
      detail: { revision, "VAT registration number": read.settings.vatNumber },
    },
    now,
  );
  return data<Answer>({ saved: revision });
}

/** A business setting's text field, after the legal name and the registered office: its hint, and what it takes. */
type SettingInput = { name: keyof BusinessSettingsForm; hint: string; inputMode?: "numeric"; type?: "email" };

/** The text fields of the form, as it shows them: the invoice's details, then the joining instructions' days, then the accounts' codes. */
const settingInputs = {
  invoice: [
    { name: "companyNumber", hint: "8 characters, such as 01234567 or SC123456." },
    { name: "vatNumber", hint: "As HMRC issued it, such as GB 999 9999 73. Checked with HMRC’s check digits." },
    { name: "accountName", hint: "The name on the account invoices ask to be paid into." },
    { name: "sortCode", hint: "6 digits, such as 12-34-56.", inputMode: "numeric" },
    { name: "accountNumber", hint: "8 digits.", inputMode: "numeric" },
    {
      name: "paymentTermsDays",
      hint: "How many days an invoice paid by bank transfer is due in, such as 30.",
      inputMode: "numeric",
    },
    {
      name: "reminderDaysBefore",
      hint: "The booker of an unpaid invoice is e-mailed a reminder, with the invoice, this many days before it is due. Days separated by commas, such as 7; empty for none.",
    },
    {
      name: "reminderDaysAfter",
      hint: `And this many days after its due date: 0 is the due date itself, such as 0, 7, 14, 30; empty for none. From ${lateInterestFromDays} days after, the reminder names statutory late-payment interest. Reminders stop once the invoice is marked paid or credited.`,
    },
    { name: "bookingsEmail", hint: "Printed on invoices for questions about them.", type: "email" },
  ],
  joining: [
    { name: "joiningDaysInPerson", hint: "Such as 7.", inputMode: "numeric" },
    { name: "joiningDaysOnline", hint: "Such as 3.", inputMode: "numeric" },
  ],
  accounts: [
    { name: "salesAccountCode", hint: "The account in Xero that course sales are coded to, such as 200 (Sales)." },
    { name: "xeroTaxType", hint: "The standard rate's name exactly as Xero shows it, such as 20% (VAT on Income)." },
    {
      name: "quickBooksItem",
      hint: "The product or service in QuickBooks that course places are sold as (its income account is set in QuickBooks), such as Training courses.",
    },
    {
      name: "quickBooksTaxCode",
      hint: "The standard rate's VAT code exactly as QuickBooks shows it, such as 20.0% S.",
    },
  ],
} satisfies Record<string, SettingInput[]>;

export default function BusinessSettingsPage() {
  const { form, current, revisions } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const values = answer?.values ?? form;
  const problems = answer?.problems ?? {};
  const field = (name: keyof BusinessSettingsForm) => ({
    formId: "settings",
    name,
    label: labels[name],
    defaultValue: values[name],
    error: problems[name],
    required: true,
  });
  /** The fields of `list` in order: the business's details, so the browser offers none of the person's to fill them. */
  const inputs = (list: readonly SettingInput[]) =>
    list.map(({ name, ...how }) => <TextField key={name} {...field(name)} {...how} autoComplete="off" />);
  return (
    <StaffPage
      title="Business settings"
      intro={
        <p>
          Your company’s details as every VAT invoice and credit note prints them. Each invoice keeps the details it was
          issued with: a change here applies to the invoices issued from now on, never to those already issued.
        </p>
      }
    >
      {answer?.saved && (
        <Notice>Saved as revision {answer.saved}. Invoices issued from now on print these details.</Notice>
      )}
      {!current && (
        <p className="mb-6 rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
          Nothing is set yet: no invoice can be issued, so nobody can book a course place online until these details are
          saved.
        </p>
      )}
      {current?.sample && (
        <p className="mb-6 rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
          These are sample details: every invoice issued with them says “SAMPLE: not a valid VAT invoice”. Enter your
          company’s own details and save them.
        </p>
      )}
      {Object.keys(problems).length > 0 && (
        <p role="alert" className="mb-6 rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
          Nothing was saved: please correct the {Object.keys(problems).length === 1 ? "field" : "fields"} marked below.
        </p>
      )}
      <StaffSection id="details" title="Details on invoices" className="max-w-xl">
        <PostForm className="mt-4 space-y-5" noValidate>
          <RequiredNote />
          <TextField {...field("legalName")} hint="As Companies House has it." autoComplete="organization" />
          <TextAreaField
            {...field("registeredAddress")}
            rows={4}
            hint="One line each: the building and street, the town and postcode, the country."
          />
          {inputs(settingInputs.invoice)}
          <fieldset className="space-y-5">
            <legend className="font-semibold text-navy-900">Joining instructions</legend>
            <p className="text-sm text-slate-700">
              Each named delegate of an invoiced or paid booking is e-mailed the joining instructions (where and when,
              or the joining link, with a link to a short pre-course questionnaire) this many days before the first day,
              and a reminder on the working day before it.
            </p>
            {inputs(settingInputs.joining)}
          </fieldset>
          <fieldset className="space-y-5">
            <legend className="font-semibold text-navy-900">For the export to your accounts</legend>
            <p className="text-sm text-slate-700">
              The export of invoices, credit notes and payments (
              <a href="/admin/accounts-export">Export for the accounts</a>) writes these, so they must be as your
              accounts package names them.
            </p>
            {inputs(settingInputs.accounts)}
          </fieldset>
          <button type="submit" disabled={submitting} className="btn-primary">
            Save business settings
          </button>
        </PostForm>
      </StaffSection>

      <StaffSection id="revisions" title="Revisions" className="mt-10">
        <RuledList
          items={revisions}
          empty="None yet."
          row={(r) => (
            <li key={r.revision} className="py-3">
              <p className="font-semibold text-navy-900">
                Revision {r.revision}
                {r.revision === current?.revision && <span className="font-normal text-slate-700"> (in force)</span>}
                {r.sample && <span className="font-normal text-slate-700"> (sample details)</span>}
              </p>
              <p className="text-sm text-slate-700">
                Saved <Time iso={r.savedAt} /> by {r.savedByName} · {r.legalName} · VAT registration number{" "}
                {r.vatNumber}
              </p>
            </li>
          )}
        />
      </StaffSection>
    </StaffPage>
  );
}
