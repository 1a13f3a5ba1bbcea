/**
 * The e-mails that tell a member of staff their sign-in changed: a new
 * password, a passkey added or removed, their sign-in set up again from a
 * set-up link (new password and authenticator). Each says what happened,
 * when (London time), from which device and address, and what to do if it
 * was not them. Pure; never a credential, never a link that signs in.
 */
import { organisation } from "~/content/organisation.ts";
import { address, compose, londonTime, oneLine, p } from "~/mail/compose.server.ts";
import type { OutgoingEmail } from "~/mail/types.ts";
import { deviceSummary } from "./account-rules.ts";

export type AccountChange =
  | { kind: "password-changed"; sessionsEnded: number }
  | { kind: "passkey-added"; name: string }
  | { kind: "passkey-removed"; name: string }
  | { kind: "sign-in-set-up-again" };

function describe(change: AccountChange): { title: string; what: string; after?: string } {
  switch (change.kind) {
    case "password-changed":
      return {
        title: "Your back office password was changed",
        what: "The password of your account was changed",
        after:
          change.sessionsEnded > 0
            ? `${change.sessionsEnded === 1 ? "Your other session was" : `Your ${change.sessionsEnded} other sessions were`} signed out.`
            : undefined,
      };
    case "passkey-added":
      return {
        title: "A passkey was added to your back office account",
        what: `A passkey named “${oneLine(change.name)}” was added to your account`,
        after: "It can now confirm it is you when you sign in, after your password.",
      };
    case "passkey-removed":
      return {
        title: "A passkey was removed from your back office account",
        what: `The passkey named “${oneLine(change.name)}” was removed from your account`,
      };
    case "sign-in-set-up-again":
      return {
        title: "Your back office sign-in was set up again",
        what: "A set-up link for your account was used: a new password and a new authenticator app key were chosen",
        after:
          "Your old password, codes and passkeys no longer work, and every other session of your account was signed out.",
      };
  }
}

export function accountChangeEmail(notice: {
  to: string;
  name: string;
  change: AccountChange;
  /** When it happened (ISO). */
  at: string;
  /** The request that made the change. */
  client: { ip: string; userAgent: string };
  teamEmail: string;
}): OutgoingEmail {
  const { title, what, after } = describe(notice.change);
  return compose(
    {
      title,
      blocks: [
        p(`Hello ${oneLine(notice.name)},`),
        p(`${what} in the back office of the ${organisation.name} website.`),
        {
          kind: "fields",
          items: [
            ["When", `${londonTime(notice.at)} (London time)`],
            ["Device", deviceSummary(notice.client.userAgent)],
            ["Address", oneLine(notice.client.ip)],
          ],
        },
        ...(after ? [p(after)] : []),
        p("If this was you, there is nothing to do."),
        p(
          `If it was not you, tell an administrator at once (write to ${address(notice.teamEmail, "the team address")}): they can disable the account and send you a new set-up link. Do not reply with your password or a code: nobody at ${organisation.name} will ever ask for them.`,
        ),
      ],
    },
    { to: address(notice.to, "the account's address"), subject: title },
  );
}
