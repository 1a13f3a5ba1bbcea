/**
 * A guide request (guide page), on the server: stored in guide_requests with
 * a personal download token, answered by a team notification and an e-mail
 * with the download link (/downloads/<token>).
 */
import { catalogue } from "~/content/index.server.ts";
import { asString, inSubject, oneLine, p } from "~/mail/compose.server.ts";
import type { LeadColumns } from "~/data/schema.ts";
import type { LeadFacts, MailContext, OutgoingEmail } from "~/mail/types.ts";
import { type GuideDelivery, guideDeliveryEmails, guideDeliveryKind, newDownload } from "./guide-delivery.server.ts";
import { type GuideRequestInput, guideRequest as texts, guideRequestKept as kept } from "./guide-request.ts";
import { type LeadKind, leadRow, listing } from "./kind.server.ts";

declare module "~/data/schema.ts" {
  interface LeadTables {
    guide_requests: LeadColumns & {
      first_name: string;
      last_name: string;
      email: string;
      company: string;
      guide_name: string;
      /** SHA-256 of the download link's token (./tokens.server.ts). */
      download_token_hash: string;
    };
  }
}

export type GuideRequestLead = GuideRequestInput & LeadFacts & GuideDelivery;

const guideByName = (name: string) => catalogue.guides.find((g) => g.guideName === name);

export const guideRequest: LeadKind<"guideRequest"> = {
  ...texts,
  ...kept,
  ...guideDeliveryKind("guide_requests", "guide_name", guideByName),
  listing: (input) =>
    listing({
      name: `${input.first_name} ${input.last_name}`,
      email: input.email,
      company: input.company,
      subject: input.guide_name,
      pillar: guideByName(input.guide_name)?.pillar ?? null,
    }),
  async store(input, { trx, facts, mail, link }) {
    const download = newDownload(link, guideByName(input.guide_name)!);
    await trx
      .insertInto("guide_requests")
      .values({ ...leadRow(facts), ...input, download_token_hash: download.hash })
      .execute();
    const lead = { ...input, ...facts, ...download.delivery };
    return { id: facts.id, emails: guideRequestEmails(lead, mail) };
  },
};

/** [team notification, visitor e-mail with the download link] for a guide request. */
export function guideRequestEmails(lead: GuideRequestLead, ctx: MailContext): OutgoingEmail[] {
  const title = oneLine(lead.guideTitle);
  const fullName = oneLine(`${asString(lead.first_name)} ${asString(lead.last_name)}`);
  return guideDeliveryEmails(lead, ctx, {
    team: {
      title: "New guide request",
      summary: `${fullName} from ${oneLine(lead.company)} requested ${title}. Reply to this e-mail to write to them.`,
      fields: [
        ["First name", oneLine(lead.first_name)],
        ["Last name", oneLine(lead.last_name)],
        ["Email", oneLine(lead.email)],
        ["Company", oneLine(lead.company)],
        ["Guide", title],
        ["Guide id", oneLine(lead.guide_name)],
      ],
      subject: `Guide request: ${inSubject(fullName)}, ${inSubject(lead.company)}`,
    },
    visitor: {
      title: "Your guide is ready to download",
      greeting: `Dear ${oneLine(lead.first_name)},`,
      thanks: "Thank you for requesting",
      notes: [p("This download link is personal to you, so please do not forward it or share it.")],
      form: "guide request form",
      subject: "Your guide",
    },
  });
}
