/**
 * The provider's business settings (issue 39,
 * docs/decisions/066-business-settings.md): the facts every VAT invoice
 * prints about the supplier, set by an administrator in the back office
 * (/admin/settings) instead of living in code. Pure and client-safe: the
 * fields, their names as the team sees them, and the reading of a posted
 * form, with a message naming the field for each problem.
 *
 * Checked for their form only (nothing is looked up): the company number as
 * Companies House writes it (8 characters: 8 digits, or 2 letters and 6
 * digits), the VAT registration number with HMRC's modulus check
 * (orders/course-booking/vat-number.ts), a sort code (6 digits) and an
 * account number (8 digits), the payment terms in whole days, and the days
 * an unpaid invoice's booker is reminded (issue 41; saved before then: the
 * default schedule), and the account codes and VAT names the export for the
 * accounts writes (issue 41, ADR 080; saved before then: the defaults),
 * and the days before a session its delegates' joining instructions go,
 * per format (issue 41, ADR 082; saved before then: 7 in person, 3 online).
 */
import { formatVatNumber, parseVatNumber } from "~/orders/course-booking/vat-number.ts";
import {
  defaultReminderSchedule,
  maxReminderDays,
  type ReminderSchedule,
} from "~/orders/course-booking/payment-reminders.ts";
import { defaultAccountCodes, type AccountCodes } from "~/orders/course-booking/accounts-export.ts";
import { defaultJoiningDays, maxJoiningDays, type JoiningDays } from "~/orders/course-booking/joining.ts";

export type BusinessSettings = {
  legalName: string;
  /** The registered office, one line each, as Companies House has it. */
  registeredAddress: string[];
  /** 8 characters, upper case: "15873204", "SC123456". */
  companyNumber: string;
  /** As an invoice prints it: "GB 999 9999 73". */
  vatNumber: string;
  bank: { accountName: string; sortCode: string; accountNumber: string };
  /** Days an invoice awaiting a bank transfer is due in. */
  paymentTermsDays: number;
  /** The address invoices and booking e-mails give for questions. */
  bookingsEmail: string;
  /** When an unpaid invoice's booker is reminded; absent from revisions saved before issue 41 (the default then). */
  reminders?: ReminderSchedule;
  /** The codes the export for the accounts writes; absent from revisions saved before it (the defaults then). */
  accounts?: AccountCodes;
  /** Days before a session its delegates' joining instructions go, per format; absent from revisions saved before them (the defaults then). */
  joiningDays?: JoiningDays;
};

/** The reminder schedule in force with `settings`. */
export const reminderScheduleOf = (settings: BusinessSettings): ReminderSchedule =>
  settings.reminders ?? defaultReminderSchedule;

/** The days before a session its joining instructions go, in force with `settings`. */
export const joiningDaysOf = (settings: BusinessSettings): JoiningDays => settings.joiningDays ?? defaultJoiningDays;

/** The account codes in force with `settings`. */
export const accountCodesOf = (settings: BusinessSettings): AccountCodes => settings.accounts ?? defaultAccountCodes;

/** The form's fields, in order, with their names as the team sees them. */
export const businessSettingsFields = {
  legalName: "Legal name",
  registeredAddress: "Registered office address",
  companyNumber: "Company number",
  vatNumber: "VAT registration number",
  accountName: "Bank account name",
  sortCode: "Sort code",
  accountNumber: "Account number",
  paymentTermsDays: "Payment terms (days)",
  reminderDaysBefore: "Payment reminders before the due date (days before)",
  reminderDaysAfter: "Payment reminders from the due date (days after)",
  bookingsEmail: "Bookings e-mail address",
  joiningDaysInPerson: "Joining instructions, in person (days before)",
  joiningDaysOnline: "Joining instructions, live online (days before)",
  salesAccountCode: "Sales account code (Xero)",
  xeroTaxType: "VAT rate name (Xero)",
  quickBooksItem: "Product or service (QuickBooks)",
  quickBooksTaxCode: "VAT code (QuickBooks)",
} as const;

export type BusinessSettingsField = keyof typeof businessSettingsFields;
export type BusinessSettingsProblems = Partial<Record<BusinessSettingsField, string>>;

/** The form's values as text (what a form shows and posts). */
export type BusinessSettingsForm = Record<BusinessSettingsField, string>;

export const emptySettingsForm: BusinessSettingsForm = {
  legalName: "",
  registeredAddress: "",
  companyNumber: "",
  vatNumber: "",
  accountName: "",
  sortCode: "",
  accountNumber: "",
  paymentTermsDays: "30",
  reminderDaysBefore: daysText(defaultReminderSchedule.beforeDays),
  reminderDaysAfter: daysText(defaultReminderSchedule.afterDays),
  bookingsEmail: "",
  joiningDaysInPerson: String(defaultJoiningDays["in-person"]),
  joiningDaysOnline: String(defaultJoiningDays.online),
  ...defaultAccountCodes,
};

/** Days as the form shows them: "0, 7, 14, 30". */
function daysText(days: readonly number[]): string {
  return days.join(", ");
}

/** Saved settings as the form shows them. */
export function settingsAsForm(s: BusinessSettings): BusinessSettingsForm {
  const reminders = reminderScheduleOf(s);
  return {
    legalName: s.legalName,
    registeredAddress: s.registeredAddress.join("\n"),
    companyNumber: s.companyNumber,
    vatNumber: s.vatNumber,
    accountName: s.bank.accountName,
    sortCode: s.bank.sortCode,
    accountNumber: s.bank.accountNumber,
    paymentTermsDays: String(s.paymentTermsDays),
    reminderDaysBefore: daysText(reminders.beforeDays),
    reminderDaysAfter: daysText(reminders.afterDays),
    bookingsEmail: s.bookingsEmail,
    joiningDaysInPerson: String(joiningDaysOf(s)["in-person"]),
    joiningDaysOnline: String(joiningDaysOf(s).online),
    ...accountCodesOf(s),
  };
}

export const settingsMessages = {
  legalName: "Enter the legal name, as Companies House has it (up to 160 characters)",
  registeredAddress: "Enter the registered office address: 2 to 6 lines, one line each, up to 100 characters a line",
  companyNumber:
    "Enter the company number as Companies House writes it: 8 digits, or 2 letters and 6 digits, such as SC123456",
  accountName: "Enter the name on the bank account (up to 140 characters)",
  sortCode: "Enter the sort code as 6 digits, such as 12-34-56",
  accountNumber: "Enter the account number as 8 digits",
  paymentTermsDays: "Enter the payment terms as a whole number of days from 1 to 120",
  reminderDaysBefore: `Enter whole numbers of days from 1 to ${maxReminderDays}, separated by commas, such as 7, or leave it empty for no reminder before the due date`,
  reminderDaysAfter: `Enter whole numbers of days from 0 (the due date) to ${maxReminderDays}, separated by commas, such as 0, 7, 14, 30, or leave it empty for none`,
  bookingsEmail: "Enter the bookings e-mail address, such as bookings@example.co.uk",
  joiningDaysInPerson: `Enter the days before a session in person its joining instructions go, a whole number from 1 to ${maxJoiningDays}, such as 7`,
  joiningDaysOnline: `Enter the days before a live online session its joining instructions go, a whole number from 1 to ${maxJoiningDays}, such as 3`,
  salesAccountCode:
    "Enter the sales account's code as your accounts show it: up to 10 letters, digits, dots or dashes, such as 200",
  xeroTaxType:
    "Enter the VAT rate's name exactly as Xero shows it, up to 50 characters, not starting with =, +, - or @, such as 20% (VAT on Income)",
  quickBooksItem:
    "Enter the product or service exactly as QuickBooks names it, up to 100 characters, not starting with =, +, - or @, such as Training courses",
  quickBooksTaxCode:
    "Enter the VAT code exactly as QuickBooks shows it, up to 50 characters, not starting with =, +, - or @, such as 20.0% S",
} as const;

/** An account code as the accounts show it: up to 10 letters, digits, dots or dashes ("200", "4000", "SALES-1"). Null if not so. */
export function parseAccountCode(input: string): string | null {
  const code = input.trim();
  return /^[A-Za-z0-9][A-Za-z0-9.-]{0,9}$/.test(code) ? code : null;
}

/** A name as the accounts package shows it: one line, 1 to `max` characters, not one a spreadsheet would run as a formula. Null if not so. */
export function parseAccountsName(input: string, max: number): string | null {
  const name = oneLine(input);
  return name !== "" && name.length <= max && !/^[=+\-@]/.test(name) ? name : null;
}

/** Company number: 8 digits, or 2 letters (SC, NI, OC…) and 6 digits, spaces ignored. Null if not so. */
export function parseCompanyNumber(input: string): string | null {
  const compact = input.replace(/\s+/g, "").toUpperCase();
  return /^(\d{8}|[A-Z]{2}\d{6})$/.test(compact) ? compact : null;
}

/** Where a company is registered, from its number's prefix (Companies House's). */
export function registeredIn(companyNumber: string): string {
  if (/^(SC|SO|SL|SF|SP|SZ|SA|SR|SE|SG)/.test(companyNumber)) return "Scotland";
  if (/^(NI|NC|NF|NL|NO|NP|NR|NZ|R0)/.test(companyNumber)) return "Northern Ireland";
  return "England and Wales";
}

/** Sort code: 6 digits, written 12-34-56 (spaces or dashes allowed as typed). Null if not so. */
export function parseSortCode(input: string): string | null {
  const compact = input.replace(/[\s-]+/g, "");
  if (!/^\d{6}$/.test(compact)) return null;
  return `${compact.slice(0, 2)}-${compact.slice(2, 4)}-${compact.slice(4)}`;
}

/** Account number: 8 digits (spaces allowed as typed). Null if not so. */
export function parseAccountNumber(input: string): string | null {
  const compact = input.replace(/\s+/g, "");
  return /^\d{8}$/.test(compact) ? compact : null;
}

/** A list of days typed "0, 7, 14, 30" (commas or spaces): sorted, once each; null if any is not a whole number from `least` to maxReminderDays. */
export function parseReminderDays(input: string, least: number): number[] | null {
  const items = input.split(/[\s,]+/).filter((item) => item !== "");
  if (items.some((item) => !/^\d{1,3}$/.test(item) || Number(item) < least || Number(item) > maxReminderDays)) {
    return null;
  }
  return [...new Set(items.map(Number))].sort((a, b) => a - b);
}

/** Days before a session: a whole number from 1 to maxJoiningDays; null if not so. */
export function parseJoiningDays(input: string): number | null {
  const text = input.trim();
  return /^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= maxJoiningDays ? Number(text) : null;
}

const emailPattern = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/** Reads a posted form: the settings, or a message for each field that is wrong (naming the field). */
export function readBusinessSettings(
  form: Partial<Record<string, unknown>>,
): { ok: true; settings: BusinessSettings } | { ok: false; problems: BusinessSettingsProblems } {
  const text = (field: BusinessSettingsField) => {
    const value = form[field];
    return typeof value === "string" ? value : "";
  };
  const problems: BusinessSettingsProblems = {};

  const legalName = oneLine(text("legalName"));
  if (legalName === "" || legalName.length > 160) problems.legalName = settingsMessages.legalName;

  const registeredAddress = text("registeredAddress")
    .split(/\r?\n/)
    .map(oneLine)
    .filter((line) => line !== "");
  if (registeredAddress.length < 2 || registeredAddress.length > 6 || registeredAddress.some((l) => l.length > 100)) {
    problems.registeredAddress = settingsMessages.registeredAddress;
  }

  const companyNumber = parseCompanyNumber(text("companyNumber"));
  if (companyNumber === null) problems.companyNumber = settingsMessages.companyNumber;

  const vat = parseVatNumber(text("vatNumber"));
  let vatNumber = "";
  if (!vat.ok) problems.vatNumber = vat.message;
  else if (vat.value === null) problems.vatNumber = "Enter the VAT registration number, as HMRC issued it";
  else vatNumber = formatVatNumber(vat.value);

  const accountName = oneLine(text("accountName"));
  if (accountName === "" || accountName.length > 140) problems.accountName = settingsMessages.accountName;
  const sortCode = parseSortCode(text("sortCode"));
  if (sortCode === null) problems.sortCode = settingsMessages.sortCode;
  const accountNumber = parseAccountNumber(text("accountNumber"));
  if (accountNumber === null) problems.accountNumber = settingsMessages.accountNumber;

  const daysText = text("paymentTermsDays").trim();
  const paymentTermsDays = /^\d{1,3}$/.test(daysText) ? Number(daysText) : NaN;
  if (!(paymentTermsDays >= 1 && paymentTermsDays <= 120))
    problems.paymentTermsDays = settingsMessages.paymentTermsDays;

  const beforeDays = parseReminderDays(text("reminderDaysBefore"), 1);
  if (beforeDays === null) problems.reminderDaysBefore = settingsMessages.reminderDaysBefore;
  const afterDays = parseReminderDays(text("reminderDaysAfter"), 0);
  if (afterDays === null) problems.reminderDaysAfter = settingsMessages.reminderDaysAfter;

  const bookingsEmail = text("bookingsEmail").trim().toLowerCase();
  if (!emailPattern.test(bookingsEmail) || bookingsEmail.length > 254) {
    problems.bookingsEmail = settingsMessages.bookingsEmail;
  }

  const joiningInPerson = parseJoiningDays(text("joiningDaysInPerson"));
  if (joiningInPerson === null) problems.joiningDaysInPerson = settingsMessages.joiningDaysInPerson;
  const joiningOnline = parseJoiningDays(text("joiningDaysOnline"));
  if (joiningOnline === null) problems.joiningDaysOnline = settingsMessages.joiningDaysOnline;

  const salesAccountCode = parseAccountCode(text("salesAccountCode"));
  if (salesAccountCode === null) problems.salesAccountCode = settingsMessages.salesAccountCode;
  const xeroTaxType = parseAccountsName(text("xeroTaxType"), 50);
  if (xeroTaxType === null) problems.xeroTaxType = settingsMessages.xeroTaxType;
  const quickBooksItem = parseAccountsName(text("quickBooksItem"), 100);
  if (quickBooksItem === null) problems.quickBooksItem = settingsMessages.quickBooksItem;
  const quickBooksTaxCode = parseAccountsName(text("quickBooksTaxCode"), 50);
  if (quickBooksTaxCode === null) problems.quickBooksTaxCode = settingsMessages.quickBooksTaxCode;

  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    settings: {
      legalName,
      registeredAddress,
      companyNumber: companyNumber!,
      vatNumber,
      bank: { accountName, sortCode: sortCode!, accountNumber: accountNumber! },
      paymentTermsDays,
      bookingsEmail,
      reminders: { beforeDays: beforeDays!, afterDays: afterDays! },
      joiningDays: { "in-person": joiningInPerson!, online: joiningOnline! },
      accounts: {
        salesAccountCode: salesAccountCode!,
        xeroTaxType: xeroTaxType!,
        quickBooksItem: quickBooksItem!,
        quickBooksTaxCode: quickBooksTaxCode!,
      },
    },
  };
}

/** What the back office's banner says while no settings are saved. */
export const settingsMissingBanner =
  "Invoices cannot be issued until the business settings are set: until then, nobody can book a course place online.";
