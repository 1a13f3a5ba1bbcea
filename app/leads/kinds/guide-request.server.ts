/**
 * A guide request (guide page), on the server: stored in guide_requests with
 * a personal download token, answered by a team notification and an e-mail
 * with the download link (/downloads/<token>).
 */
import { catalogue } from "~/content/index.server.ts";
import { organisation } from "~/content/organisation.ts";
import type { GuideRequestInput } from "~/forms/schemas.ts";
import {
  address,
  asString,
  compose,
  contactDetails,
  h,
  inSubject,
  leadFacts,
  link,
  notYou,
  oneLine,
  p,
  responsePromise,
  subject,
  testNotice,
  titleInSubject,
} from "~/mail/compose.server.ts";
import type { LeadFacts, MailContext, OutgoingEmail } from "~/mail/types.ts";
import { guideRequest as texts } from "./guide-request.ts";
import { type LeadKind, leadRow, sweepByAge } from "./kind.server.ts";
import { newToken } from "./tokens.server.ts";

export type GuideRequestLead = GuideRequestInput & LeadFacts & { guideTitle: string; downloadUrl: string };

const guideByName = (name: string) => catalogue.guides.find((g) => g.guideName === name);

export const guideRequest: LeadKind<"guideRequest"> = {
  ...texts,
  table: "guide_requests",
  secretColumns: ["download_token"],
  erasure: "delete",
  sweep: sweepByAge("guide_requests", "guide_requests"),
  listing: (input) => ({
    name: `${input.first_name} ${input.last_name}`,
    email: input.email,
    company: input.company,
    subject: input.guide_name,
    pillar: guideByName(input.guide_name)?.pillar ?? null,
    message: "",
  }),
  subjectLabel: (subject) => guideByName(subject)?.title ?? subject,
  async store(input, { trx, facts, mail, link }) {
    const token = newToken();
    await trx
      .insertInto("guide_requests")
      .values({ ...leadRow(facts), ...input, download_token: token })
      .execute();
    const guide = guideByName(input.guide_name)!;
    const lead = { ...input, ...facts, guideTitle: guide.title, downloadUrl: link(`/downloads/${token}`) };
    return { id: facts.id, emails: guideRequestEmails(lead, mail) };
  },
  async findDownload(db, token) {
    const row = await db
      .selectFrom("guide_requests")
      .select("guide_name")
      .where("download_token", "=", token)
      .executeTakeFirst();
    return row ? (guideByName(row.guide_name)?.id ?? null) : null;
  },
};

/** [team notification, visitor e-mail with the download link] for a guide request. */
export function guideRequestEmails(lead: GuideRequestLead, ctx: MailContext): OutgoingEmail[] {
  const visitor = address(lead.email, "the visitor's address");
  const download = link(lead.downloadUrl, "the download link");
  const title = oneLine(lead.guideTitle);
  const fullName = oneLine(`${asString(lead.first_name)} ${asString(lead.last_name)}`);

  const team = compose(
    {
      title: "New guide request",
      blocks: [
        ...testNotice(lead.isTest),
        p(`${fullName} from ${oneLine(lead.company)} requested ${title}. Reply to this e-mail to write to them.`),
        h("Request"),
        {
          kind: "fields",
          items: [
            ["First name", oneLine(lead.first_name)],
            ["Last name", oneLine(lead.last_name)],
            ["Email", oneLine(lead.email)],
            ["Company", oneLine(lead.company)],
            ["Guide", title],
            ["Guide id", oneLine(lead.guide_name)],
          ],
        },
        ...leadFacts(lead, ctx),
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      replyTo: visitor,
      subject: subject(
        `Guide request: ${inSubject(fullName)}, ${inSubject(lead.company)} (${titleInSubject(lead.guideTitle)})`,
        lead.isTest,
      ),
    },
  );

  const delivery = compose(
    {
      title: "Your guide is ready to download",
      blocks: [
        p(`Dear ${oneLine(lead.first_name)},`),
        p(`Thank you for requesting ${title}. You can download it now:`),
        { kind: "button", href: download, text: `Download ${title}` },
        p("This download link is personal to you, so please do not forward it or share it."),
        p(
          `Questions about the guide, or about training for your team? Write to us at ${organisation.email}. ${responsePromise()}`,
        ),
        ...contactDetails(ctx),
        notYou("guide request form", ctx),
      ],
    },
    { to: visitor, subject: subject(`Your guide: ${titleInSubject(lead.guideTitle)}`, lead.isTest) },
  );

  return [team, delivery];
}
