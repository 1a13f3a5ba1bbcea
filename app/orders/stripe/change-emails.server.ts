/**
 * The team's e-mail when money moved in Stripe rather than through the site
 * (./changes.ts): what happened to which order, and what to do. Pure.
 */
import { formatDateTime } from "~/format/dates.ts";
import { formatPenceGbp } from "~/format/money.ts";
import { address, compose, inSubject, oneLine, p, siteLink, subject, testNotice } from "~/mail/compose.server.ts";
import type { MailContext, OutgoingEmail } from "~/mail/types.ts";
import { changeText } from "./changes.ts";
import type { OrderForTeam, StripeChange } from "./handler.ts";

function whatToDo(change: StripeChange): string {
  switch (change.what) {
    case "refunded":
      return "The site's records are unchanged. If this refund was for a cancellation or a move, note that cancelling or moving the order on the site refunds the card again for what it credits.";
    case "refund-failed":
      return "The money is back in the Stripe balance. Please refund the payer another way (a bank transfer) and tell them.";
    case "disputed": {
      const by = change.respondBy ? ` by ${formatDateTime(change.respondBy.toISOString())}` : "";
      return change.inquiry
        ? `Nothing has been taken from the balance yet: the bank is asking before it decides whether to dispute the payment. Please answer with evidence in Stripe's dashboard${by}.`
        : `Stripe has taken the amount and a dispute fee from the balance until the bank decides. Please respond with evidence in Stripe's dashboard${by}, or accept the dispute there.`;
    }
    case "dispute-closed":
      return "Nothing more is needed in Stripe.";
  }
}

const subjectOf = (change: StripeChange) =>
  change.what === "disputed" && change.inquiry ? "Payment queried by the bank" : subjects[change.what];

const subjects: Record<StripeChange["what"], string> = {
  refunded: "Refund made in Stripe",
  "refund-failed": "Card refund failed",
  disputed: "Payment disputed",
  "dispute-closed": "Dispute closed",
};

export function stripeChangeEmail(order: OrderForTeam, change: StripeChange, ctx: MailContext): OutgoingEmail {
  return compose(
    {
      title: subjectOf(change),
      blocks: [
        ...testNotice(order.isTest),
        p(`${oneLine(order.name)}: ${changeText(change)}.`),
        p(whatToDo(change)),
        {
          kind: "button",
          href: `${siteLink(ctx).replace(/\/$/, "")}${order.path}`,
          text: "Open it in the back office",
        },
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      subject: subject(
        `${subjectOf(change)}: ${inSubject(order.name)}, ${formatPenceGbp(change.amountPence)}`,
        order.isTest,
      ),
    },
  );
}
