/**
 * A contact enquiry (contact page, spec sections 5 and 9), on the server:
 * stored in contact_enquiries, answered by a team notification (reply-to
 * the visitor) and an acknowledgement with the response-time promise.
 */
import { businessHoursText, businessPromises } from "~/content/business.ts";
import { pillarIds, type PillarId } from "~/content/schema.ts";
import { organisation } from "~/content/organisation.ts";
import { responseDeadline } from "~/calendar/response-deadline.ts";
import { preferredContacts, serviceInterests } from "~/forms/schemas.ts";
import {
  inSubject,
  label,
  londonTime,
  multiline,
  oneLine,
  p,
  responsePromise,
  titleInSubject,
} from "~/mail/compose.server.ts";
import type { LeadColumns } from "~/data/schema.ts";
import type { LeadFacts, MailContext, OutgoingEmail } from "~/mail/types.ts";
import { type ContactInput, contact as texts, contactKept as kept } from "./contact.ts";
import { type LeadKind, leadRow, sweepByAge } from "./kind.server.ts";
import { teamNotification, visitorEmail } from "./lead-emails.server.ts";

declare module "~/data/schema.ts" {
  interface LeadTables {
    contact_enquiries: LeadColumns & {
      name: string;
      email: string;
      phone: string;
      company: string;
      job_title: string | null;
      service_interest: string;
      message: string;
      preferred_contact: string;
    };
  }
}

export type ContactLead = ContactInput & LeadFacts & { serviceInterestLabel: string };

const pillarOf = (interest: string): PillarId | null =>
  (pillarIds as readonly string[]).includes(interest) ? (interest as PillarId) : null;

export const contact: LeadKind<"contact"> = {
  ...texts,
  ...kept,
  table: "contact_enquiries",
  listing: (input) => ({
    name: input.name,
    email: input.email,
    company: input.company,
    subject: input.serviceInterest,
    pillar: pillarOf(input.serviceInterest),
    message: input.message,
  }),
  subjectLabel: (subject) => serviceInterests.find((s) => s.value === subject)?.label ?? subject,
  answerWithinBusinessHours: businessPromises.responseTime.businessHours,
  secretColumns: [],
  erasure: "delete",
  sweep: sweepByAge("contact_enquiries", "contact_enquiries"),
  async store(input, { trx, facts, mail }) {
    await trx
      .insertInto("contact_enquiries")
      .values({
        ...leadRow(facts),
        name: input.name,
        email: input.email,
        phone: input.phone,
        company: input.company,
        job_title: input.jobTitle || null,
        service_interest: input.serviceInterest,
        message: input.message,
        preferred_contact: input.preferredContact,
      })
      .execute();
    const serviceInterestLabel = serviceInterests.find((s) => s.value === input.serviceInterest)!.label;
    return { id: facts.id, emails: contactEmails({ ...input, ...facts, serviceInterestLabel }, mail) };
  },
};

/** When the answer is due: the promise's business hours after receipt (calendar/response-deadline.ts). */
function answerBy(receivedAt: string, ctx: MailContext): string {
  const received = new Date(receivedAt);
  if (Number.isNaN(received.getTime())) return "not known";
  const hours = businessPromises.responseTime.businessHours;
  const due = responseDeadline(received, hours, ctx.calendar);
  return `${londonTime(due.toISOString())} (${businessHoursText(hours)} after receipt)`;
}

/** [team notification, visitor acknowledgement] for a contact enquiry. */
export function contactEmails(lead: ContactLead, ctx: MailContext): OutgoingEmail[] {
  const area = oneLine(lead.serviceInterestLabel) || label(serviceInterests, lead.serviceInterest);
  const preferred = label(preferredContacts, lead.preferredContact);
  const name = oneLine(lead.name);
  const message = multiline(lead.message);

  const team = teamNotification(lead, ctx, {
    title: "New enquiry from the website",
    summary: `${name} from ${oneLine(lead.company)} sent an enquiry about ${area}. Reply to this e-mail to answer them.`,
    heading: "Enquiry",
    fields: [
      ["Name", name],
      ["Email", oneLine(lead.email)],
      ["Phone", oneLine(lead.phone)],
      ["Company", oneLine(lead.company)],
      ["Job title", oneLine(lead.jobTitle) || "not given"],
      ["Area of interest", area],
      ["Preferred contact", preferred],
      ["Answer by", answerBy(lead.createdAt, ctx)],
    ],
    more: [{ kind: "quote", label: "Message", text: message }],
    subject: `New enquiry: ${inSubject(lead.name)}, ${inSubject(lead.company)} (${titleInSubject(area)})`,
    replyToVisitor: true,
  });

  const acknowledgement = visitorEmail(lead, ctx, {
    title: "We have received your enquiry",
    blocks: [
      p(`Dear ${name},`),
      p(`Thank you for contacting ${organisation.name} about ${area}. We have received your enquiry.`),
      p(responsePromise()),
      p(
        lead.preferredContact === "phone"
          ? `You asked us to contact you by phone, so we will call you on ${oneLine(lead.phone)}.`
          : `You asked us to contact you by email, so we will reply to ${oneLine(lead.email)}.`,
      ),
      { kind: "quote", label: "Your message", text: message },
    ],
    form: "contact form",
    subject: "We have received your enquiry",
  });

  return [team, acknowledgement];
}
