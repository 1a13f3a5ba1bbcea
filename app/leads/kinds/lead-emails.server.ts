/**
 * The two e-mails a lead sends, in the shape every kind shares (the kinds'
 * own words are in their modules).
 */
import {
  address,
  type Block,
  compose,
  contactDetails,
  h,
  leadFacts,
  notYou,
  p,
  subject,
  testNotice,
} from "~/mail/compose.server.ts";
import type { LeadFacts, MailContext, OutgoingEmail } from "~/mail/types.ts";

/**
 * The e-mail that tells the team about a lead: a test submission says so, a
 * sentence sums it up, the kind's fields follow under a heading (then
 * anything the kind adds, such as the visitor's message), and the lead's
 * facts (where it came from, the link to it in the back office). A reply
 * goes to the visitor where the kind says so.
 */
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

/**
 * The visitor's e-mail (an acknowledgement, a confirmation, a download
 * link): the kind's blocks, then how to reach us and, for someone who did
 * not send the `form`, what to do.
 */
export function visitorEmail(
  lead: LeadFacts & { email: string },
  ctx: MailContext,
  message: { title: string; blocks: Block[]; form: string; subject: string },
): OutgoingEmail {
  return compose(
    { title: message.title, blocks: [...message.blocks, ...contactDetails(ctx), notYou(message.form, ctx)] },
    { to: address(lead.email, "the visitor's address"), subject: subject(message.subject, lead.isTest) },
  );
}
