/**
 * A contact enquiry as /api/contact takes it: valid as it stands, with the
 * fields a test cares about given over the defaults; and one sent through
 * the contact page's form in a browser.
 */
import type { Page } from "@playwright/test";
import { postJson } from "../../harness/servers.ts";
import { expect, gotoHydrated } from "../e2e/fixtures.ts";

export function contactEnquiry(email: string, fields: Record<string, unknown> = {}) {
  return {
    name: "Ann Lee",
    email,
    phone: "+44 20 7946 0000",
    company: "Acme Ltd",
    serviceInterest: "strategy",
    message: "Please call me about a strategy programme.",
    preferredContact: "email",
    ...fields,
  };
}

/** Posts a contact enquiry (see `contactEnquiry`) to a site's API. */
export function postEnquiry(baseURL: string, email: string, fields: Record<string, unknown> = {}) {
  return postJson(baseURL, "/api/contact", contactEnquiry(email, fields));
}

/**
 * Sends an enquiry through the contact page's form (hydrated) from `name` at
 * `company`, at `email`, about Strategy & Execution, and waits for its thanks.
 */
export async function sendEnquiryForm(
  page: Page,
  { name, email, company, message }: { name: string; email: string; company: string; message: string },
) {
  await gotoHydrated(page, "/contact");
  const form = page.getByRole("form", { name: "Enquiry form" });
  await form.getByLabel(/^Full Name\*?$/).fill(name);
  await form.getByLabel(/^Email Address\*?$/).fill(email);
  await form.getByLabel(/^Phone Number\*?$/).fill("+44 20 7946 0555");
  await form.getByLabel(/^Company Name\*?$/).fill(company);
  await form.getByLabel(/^Area of Interest\*?$/).selectOption({ label: "Strategy & Execution" });
  await form.getByLabel(/^Your Message\*?$/).fill(message);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.locator("#enquiry-form [role='status']")).toContainText("Thank you for your message");
}
