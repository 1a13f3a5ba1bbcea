/** What several data tests submit: the e-mail settings and a contact enquiry. */
import type { ContactInput } from "~/forms/schemas.ts";
import { siteCalendar } from "~/calendar/response-deadline.ts";

export const testMail = { siteUrl: "https://site.example", teamEmail: "team@example.test", calendar: siteCalendar() };

export const contactEnquiry = (email: string): ContactInput => ({
  name: "Ann Lee",
  email,
  phone: "020 7946 0000",
  company: "Acme Ltd",
  jobTitle: "CFO",
  serviceInterest: "strategy",
  message: "Please call me about a programme for 12 people.",
  preferredContact: "email",
});
