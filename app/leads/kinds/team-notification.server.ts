/**
 * The e-mail that tells the team about a lead, the same for every kind: a
 * test submission says so, a sentence sums it up, the kind's fields follow
 * under a heading (then anything the kind adds, such as the visitor's
 * message), and the lead's facts (where it came from, the link to it in
 * the back office). A reply goes to the visitor where the kind says so.
 */
import { address, type Block, compose, h, leadFacts, p, subject, testNotice } from "~/mail/compose.server.ts";
import type { LeadFacts, MailContext, OutgoingEmail } from "~/mail/types.ts";

export function teamNotification(
  lead: LeadFacts & { email: string },
  ctx: MailContext,
  notice: {
    title: string;
    summary: string;
    heading: string;
    fields: [label: string, value: string][];
    /** Blocks after the fields (the visitor's message). */
    more?: Block[];
    /** The subject, without the test marker. */
    subject: string;
    /** Whether a reply goes to the visitor. */
    replyToVisitor: boolean;
  },
): OutgoingEmail {
  return compose(
    {
      title: notice.title,
      blocks: [
        ...testNotice(lead.isTest),
        p(notice.summary),
        h(notice.heading),
        { kind: "fields", items: notice.fields },
        ...(notice.more ?? []),
        ...leadFacts(lead, ctx),
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      ...(notice.replyToVisitor ? { replyTo: address(lead.email, "the visitor's address") } : {}),
      subject: subject(notice.subject, lead.isTest),
    },
  );
}
