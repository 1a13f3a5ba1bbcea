/**
 * Reading the business settings form (issue 39, ADR 066): the VAT
 * registration number with HMRC's modulus check, the company number in
 * Companies House's form, the sort code and account number, the payment
 * terms and the addresses; each problem a message naming the field.
 */
import { describe, expect, it } from "vitest";
import { defaultAccountCodes } from "~/orders/course-booking/accounts-export.ts";
import {
  accountCodesOf,
  businessSettingsFields,
  parseAccountNumber,
  parseCompanyNumber,
  parseSortCode,
  readBusinessSettings,
  registeredIn,
  settingsAsForm,
  settingsMessages,
} from "~/settings/business-settings.ts";
import { vatNumberMessages } from "~/orders/course-booking/vat-number.ts";
import { refused } from "../support/refused.ts";

const good = {
  legalName: "  Northwind   Training Ltd ",
  registeredAddress: "1 High Street\r\n\r\nLondon EC1A 1BB\nUnited Kingdom",
  companyNumber: "sc 123456",
  vatNumber: "gb999999973",
  accountName: "Northwind Training Ltd",
  sortCode: "40 11 62",
  accountNumber: "3141 5926",
  paymentTermsDays: "14",
  reminderDaysBefore: "3",
  reminderDaysAfter: "7, 0 , 30,7",
  bookingsEmail: "Bookings@Northwind.example",
  joiningDaysInPerson: " 10 ",
  joiningDaysOnline: "2",
  salesAccountCode: " 4000 ",
  xeroTaxType: "20% (VAT on Income)",
  quickBooksItem: "  Course   places ",
  quickBooksTaxCode: "20.0% S",
};

describe("the business settings form", () => {
  it("reads a good form into the settings, written as invoices print them", () => {
    const read = readBusinessSettings(good);
    expect(read).toEqual({
      ok: true,
      settings: {
        legalName: "Northwind Training Ltd",
        registeredAddress: ["1 High Street", "London EC1A 1BB", "United Kingdom"],
        companyNumber: "SC123456",
        vatNumber: "GB 999 9999 73",
        bank: { accountName: "Northwind Training Ltd", sortCode: "40-11-62", accountNumber: "31415926" },
        paymentTermsDays: 14,
        bookingsEmail: "bookings@northwind.example",
        reminders: { beforeDays: [3], afterDays: [0, 7, 30] },
        joiningDays: { "in-person": 10, online: 2 },
        accounts: {
          salesAccountCode: "4000",
          xeroTaxType: "20% (VAT on Income)",
          quickBooksItem: "Course places",
          quickBooksTaxCode: "20.0% S",
        },
      },
    });
    // And back into the form as saved.
    if (read.ok) expect(readBusinessSettings(settingsAsForm(read.settings))).toEqual(read);
  });

  it("reads the payment reminders' days: whole days, commas or spaces, each once; empty for none", () => {
    expect(readBusinessSettings({ ...good, reminderDaysBefore: "", reminderDaysAfter: " " })).toMatchObject({
      ok: true,
      settings: { reminders: { beforeDays: [], afterDays: [] } },
    });
    for (const [before, after] of [
      ["0", "7"],
      ["7", "-1"],
      ["7 days", "0"],
      ["7", "181"],
      ["1.5", "0"],
    ] as const) {
      const read = readBusinessSettings({ ...good, reminderDaysBefore: before, reminderDaysAfter: after });
      expect(read.ok).toBe(false);
      if (!read.ok)
        expect(Object.keys(read.problems)).toEqual([before === "7" ? "reminderDaysAfter" : "reminderDaysBefore"]);
    }
    expect(readBusinessSettings({ ...good, reminderDaysAfter: "0, 7, 181" })).toEqual(
      refused({ reminderDaysAfter: settingsMessages.reminderDaysAfter }),
    );
  });

  it("shows settings saved before the reminders existed with the default schedule", () => {
    const read = readBusinessSettings(good);
    if (!read.ok) throw new Error("good settings");
    const { reminders: _reminders, joiningDays: _joiningDays, ...older } = read.settings;
    expect(settingsAsForm(older)).toMatchObject({
      reminderDaysBefore: "7",
      reminderDaysAfter: "0, 7, 14, 30",
      // Saved before the joining instructions: 7 days before a session in person, 3 before one online.
      joiningDaysInPerson: "7",
      joiningDaysOnline: "3",
    });
    expect(settingsAsForm(read.settings)).toMatchObject({ joiningDaysInPerson: "10", joiningDaysOnline: "2" });
  });

  it("reads the codes for the accounts export; settings saved before it show the defaults", () => {
    for (const [field, value] of [
      ["salesAccountCode", ""],
      ["salesAccountCode", "Sales 200"],
      ["salesAccountCode", "12345678901"],
      ["xeroTaxType", " "],
      ["xeroTaxType", "=HYPERLINK(1)"],
      ["xeroTaxType", "x".repeat(51)],
      ["quickBooksItem", "@item"],
      ["quickBooksItem", "y".repeat(101)],
      ["quickBooksTaxCode", "-20%"],
      ["quickBooksTaxCode", ""],
    ] as const) {
      expect(readBusinessSettings({ ...good, [field]: value }), `${field} ${value}`).toEqual(
        refused({ [field]: settingsMessages[field] }),
      );
    }
    expect(readBusinessSettings({ ...good, salesAccountCode: "SALES-1.2" })).toMatchObject({
      ok: true,
      settings: { accounts: { salesAccountCode: "SALES-1.2" } },
    });
    const read = readBusinessSettings(good);
    if (!read.ok) throw new Error("good settings");
    const { accounts: _accounts, ...older } = read.settings;
    expect(accountCodesOf(older)).toEqual(defaultAccountCodes);
    expect(settingsAsForm(older)).toMatchObject({
      salesAccountCode: "200",
      xeroTaxType: "20% (VAT on Income)",
      quickBooksItem: "Training courses",
      quickBooksTaxCode: "20.0% S",
    });
  });

  it("checks the VAT registration number with HMRC's modulus rule", () => {
    // 123456782 passes modulus 97; one digit off does not.
    expect(readBusinessSettings({ ...good, vatNumber: "GB 123 4567 82" })).toMatchObject({ ok: true });
    expect(readBusinessSettings({ ...good, vatNumber: "GB 123 4567 83" })).toEqual(
      refused({ vatNumber: vatNumberMessages.checkDigits }),
    );
    expect(readBusinessSettings({ ...good, vatNumber: "GB 123 456" })).toEqual(
      refused({ vatNumber: vatNumberMessages.form }),
    );
    expect(readBusinessSettings({ ...good, vatNumber: " " })).toEqual(
      refused({ vatNumber: expect.stringContaining("VAT registration number") }),
    );
  });

  it.each([
    ["01234567", "01234567"],
    ["SC123456", "SC123456"],
    ["ni 012345", "NI012345"],
    ["oc 30 01 23", "OC300123"],
    ["1234567", null],
    ["123456789", null],
    ["S1234567", null],
    ["SC12345X", null],
    ["", null],
  ])("company number %j: %j", (input, expected) => {
    expect(parseCompanyNumber(input)).toBe(expected);
  });

  it("says where a company is registered from its number", () => {
    expect(registeredIn("01234567")).toBe("England and Wales");
    expect(registeredIn("SC123456")).toBe("Scotland");
    expect(registeredIn("NI012345")).toBe("Northern Ireland");
  });

  it.each([
    ["12-34-56", "12-34-56"],
    ["123456", "12-34-56"],
    ["12 34 56", "12-34-56"],
    ["12-34-5", null],
    ["12-34-567", null],
    ["ab-cd-ef", null],
  ])("sort code %j: %j", (input, expected) => {
    expect(parseSortCode(input)).toBe(expected);
  });

  it.each([
    ["12345678", "12345678"],
    ["1234 5678", "12345678"],
    ["1234567", null],
    ["123456789", null],
    ["1234567a", null],
  ])("account number %j: %j", (input, expected) => {
    expect(parseAccountNumber(input)).toBe(expected);
  });

  it("names every field that is wrong, in the team's words, and nothing else", () => {
    const read = readBusinessSettings({
      legalName: "",
      registeredAddress: "Only one line",
      companyNumber: "123",
      vatNumber: "GB 123 4567 83",
      accountName: "",
      sortCode: "1234",
      accountNumber: "12",
      paymentTermsDays: "0",
      bookingsEmail: "not an address",
      joiningDaysInPerson: "0",
      joiningDaysOnline: "61",
    });
    expect(read).toEqual(
      refused({
        legalName: settingsMessages.legalName,
        registeredAddress: settingsMessages.registeredAddress,
        companyNumber: settingsMessages.companyNumber,
        vatNumber: vatNumberMessages.checkDigits,
        accountName: settingsMessages.accountName,
        sortCode: settingsMessages.sortCode,
        accountNumber: settingsMessages.accountNumber,
        paymentTermsDays: settingsMessages.paymentTermsDays,
        bookingsEmail: settingsMessages.bookingsEmail,
        joiningDaysInPerson: settingsMessages.joiningDaysInPerson,
        joiningDaysOnline: settingsMessages.joiningDaysOnline,
        salesAccountCode: settingsMessages.salesAccountCode,
        xeroTaxType: settingsMessages.xeroTaxType,
        quickBooksItem: settingsMessages.quickBooksItem,
        quickBooksTaxCode: settingsMessages.quickBooksTaxCode,
      }),
    );
    // Each message names its field as the form labels it (a word of the label, never a schema path).
    for (const [field, message] of Object.entries(settingsMessages)) {
      const label = businessSettingsFields[field as keyof typeof businessSettingsFields].toLowerCase();
      const named = label.split(/[ ()]+/).filter((word) => word.length > 3);
      expect(
        named.some((word) => message.toLowerCase().includes(word)),
        `${field}: ${message}`,
      ).toBe(true);
    }
  });

  it.each([["121"], ["1.5"], ["-3"], ["thirty"]])("refuses payment terms of %j days", (days) => {
    expect(readBusinessSettings({ ...good, paymentTermsDays: days })).toEqual(
      refused({ paymentTermsDays: settingsMessages.paymentTermsDays }),
    );
  });

  it("the booking form's VAT example is a new, obviously fictional number", () => {
    expect(vatNumberMessages.form).toContain("GB 999 9999 73");
    expect(vatNumberMessages.form).not.toContain("GB 123 4567 82");
  });
});
