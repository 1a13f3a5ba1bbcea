/**
 * A contact enquiry as /api/contact takes it: valid as it stands, with the
 * fields a test cares about given over the defaults.
 */
import { postJson } from "../../harness/servers.ts";

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
