/**
 * A free resource download (home page), on the server: stored in
 * resource_downloads with a personal download token, answered by a team
 * notification and an e-mail with the download link.
 */
import { catalogue } from "~/content/index.server.ts";
import { inSubject, oneLine } from "~/mail/compose.server.ts";
import type { LeadColumns } from "~/data/schema.ts";
import type { LeadFacts, MailContext, OutgoingEmail } from "~/mail/types.ts";
import { type GuideDelivery, guideDeliveryEmails, guideDeliveryKind, newDownload } from "./guide-delivery.server.ts";
import { type LeadKind, leadRow, listing } from "./kind.server.ts";
import { resourceDownload as texts, resourceDownloadKept as kept } from "./resource-download.ts";

declare module "~/data/schema.ts" {
  interface LeadTables {
    resource_downloads: LeadColumns & {
      email: string;
      resource_id: string;
      /** SHA-256 of the download link's token (./tokens.server.ts). */
      download_token_hash: string;
    };
  }
}

export type ResourceDownloadLead = LeadFacts & { email: string; resourceId: string } & GuideDelivery;

const guideById = (id: string) => catalogue.guides.find((g) => g.id === id);

export const resourceDownload: LeadKind<"resourceDownload"> = {
  ...texts,
  ...kept,
  ...guideDeliveryKind("resource_downloads", "resource_id", guideById),
  listing: (input) =>
    listing({ email: input.email, subject: input.resourceId, pillar: guideById(input.resourceId)?.pillar ?? null }),
  async store(input, { trx, facts, mail, link }) {
    const download = newDownload(link, guideById(input.resourceId)!);
    await trx
      .insertInto("resource_downloads")
      .values({
        ...leadRow(facts),
        email: input.email,
        resource_id: input.resourceId,
        download_token_hash: download.hash,
      })
      .execute();
    const lead: ResourceDownloadLead = {
      ...facts,
      email: input.email,
      resourceId: input.resourceId,
      ...download.delivery,
    };
    return { id: facts.id, emails: resourceDownloadEmails(lead, mail) };
  },
};

/** [team notification, visitor e-mail with the download link] for a free resource. */
export function resourceDownloadEmails(lead: ResourceDownloadLead, ctx: MailContext): OutgoingEmail[] {
  const title = oneLine(lead.guideTitle);
  return guideDeliveryEmails(lead, ctx, {
    team: {
      title: "New resource download",
      summary: `${oneLine(lead.email)} asked for ${title}.`,
      fields: [
        ["Email", oneLine(lead.email)],
        ["Resource", title],
        ["Resource id", oneLine(lead.resourceId)],
      ],
      subject: `Resource download: ${inSubject(lead.email)}`,
    },
    visitor: {
      title: "Your download link",
      greeting: "Hello,",
      thanks: "Thank you for your interest in",
      notes: [],
      form: "free resources form",
      subject: "Your download",
    },
  });
}
