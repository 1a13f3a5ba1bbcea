/**
 * A free resource download (home page), on the server: stored in
 * resource_downloads with a personal download token, answered by a team
 * notification and an e-mail with the download link.
 */
import { catalogue } from "~/content/index.server.ts";
import { organisation } from "~/content/organisation.ts";
import {
  address,
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
import { type LeadKind, leadRow, sweepByAge } from "./kind.server.ts";
import { resourceDownload as texts } from "./resource-download.ts";
import { newToken } from "./tokens.server.ts";

export type ResourceDownloadLead = LeadFacts & {
  email: string;
  resourceId: string;
  guideTitle: string;
  downloadUrl: string;
};

const guideById = (id: string) => catalogue.guides.find((g) => g.id === id);

export const resourceDownload: LeadKind<"resourceDownload"> = {
  ...texts,
  table: "resource_downloads",
  secretColumns: ["download_token"],
  erasure: "delete",
  sweep: sweepByAge("resource_downloads", "resource_downloads"),
  listing: (input) => ({
    name: "",
    email: input.email,
    company: "",
    subject: input.resourceId,
    pillar: guideById(input.resourceId)?.pillar ?? null,
    message: "",
  }),
  subjectLabel: (subject) => guideById(subject)?.title ?? subject,
  async store(input, { trx, facts, mail, link }) {
    const token = newToken();
    await trx
      .insertInto("resource_downloads")
      .values({ ...leadRow(facts), email: input.email, resource_id: input.resourceId, download_token: token })
      .execute();
    const guide = guideById(input.resourceId)!;
    const lead: ResourceDownloadLead = {
      ...facts,
      email: input.email,
      resourceId: input.resourceId,
      guideTitle: guide.title,
      downloadUrl: link(`/downloads/${token}`),
    };
    return { id: facts.id, emails: resourceDownloadEmails(lead, mail) };
  },
  async findDownload(db, token) {
    const row = await db
      .selectFrom("resource_downloads")
      .select("resource_id")
      .where("download_token", "=", token)
      .executeTakeFirst();
    return row ? (guideById(row.resource_id)?.id ?? null) : null;
  },
};

/** [team notification, visitor e-mail with the download link] for a free resource. */
export function resourceDownloadEmails(lead: ResourceDownloadLead, ctx: MailContext): OutgoingEmail[] {
  const visitor = address(lead.email, "the visitor's address");
  const download = link(lead.downloadUrl, "the download link");
  const title = oneLine(lead.guideTitle);

  const team = compose(
    {
      title: "New resource download",
      blocks: [
        ...testNotice(lead.isTest),
        p(`${oneLine(lead.email)} asked for ${title}.`),
        h("Request"),
        {
          kind: "fields",
          items: [
            ["Email", oneLine(lead.email)],
            ["Resource", title],
            ["Resource id", oneLine(lead.resourceId)],
          ],
        },
        ...leadFacts(lead, ctx),
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      replyTo: visitor,
      subject: subject(`Resource download: ${inSubject(lead.email)} (${titleInSubject(lead.guideTitle)})`, lead.isTest),
    },
  );

  const delivery = compose(
    {
      title: "Your download link",
      blocks: [
        p("Hello,"),
        p(`Thank you for your interest in ${title}. You can download it now:`),
        { kind: "button", href: download, text: `Download ${title}` },
        p(
          `Questions about the guide, or about training for your team? Write to us at ${organisation.email}. ${responsePromise()}`,
        ),
        ...contactDetails(ctx),
        notYou("free resources form", ctx),
      ],
    },
    { to: visitor, subject: subject(`Your download: ${titleInSubject(lead.guideTitle)}`, lead.isTest) },
  );

  return [team, delivery];
}
