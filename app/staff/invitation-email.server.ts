/** The e-mails that carry a set-up link: to someone invited to the back office, or to someone whose sign-in is set up again. */
import { organisation } from "~/content/organisation.ts";
import { address, compose, londonTime, oneLine, p } from "~/mail/compose.server.ts";
import { withheldCredential, type OutgoingEmail } from "~/mail/types.ts";

/**
 * A set-up link as the stored message holds it: the token stands apart,
 * sealed, and goes into the text only as the e-mail is sent, so no page,
 * export, access request or copy of the database shows a working link
 * (docs/decisions/033-secrets-at-rest.md).
 */
function setupLink(siteUrl: string, token: string) {
  return { href: `${siteUrl}/admin/setup/${withheldCredential("setup")}`, secrets: { setup: token } };
}

export function invitationEmail(invitation: {
  to: string;
  name: string;
  invitedBy: string;
  siteUrl: string;
  token: string;
  expiresAt: string;
}): OutgoingEmail {
  const link = setupLink(invitation.siteUrl, invitation.token);
  const title = `Your account for the ${organisation.name} back office`;
  return compose(
    {
      title,
      blocks: [
        p(`Hello ${oneLine(invitation.name)},`),
        p(
          `${oneLine(invitation.invitedBy)} has invited you to the back office of the ${organisation.name} website, where the team works the leads the site receives.`,
        ),
        p(
          "Open the link below to choose a password and add the site to an authenticator app on your phone (you will need one, such as Google Authenticator, Microsoft Authenticator or 1Password).",
        ),
        { kind: "button", href: link.href, text: "Set up my account" },
        p(
          `The link works once, until ${londonTime(invitation.expiresAt)} (London time). If you did not expect this e-mail, you can ignore it.`,
        ),
      ],
    },
    { to: address(invitation.to, "the invitee's address"), subject: title, secrets: link.secrets },
  );
}

/** A new set-up link for an existing account (a lost phone or password). */
export function resetEmail(link: {
  to: string;
  name: string;
  sentBy: string;
  siteUrl: string;
  token: string;
  expiresAt: string;
}): OutgoingEmail {
  const setup = setupLink(link.siteUrl, link.token);
  const title = `Set up your sign-in to the ${organisation.name} back office again`;
  return compose(
    {
      title,
      blocks: [
        p(`Hello ${oneLine(link.name)},`),
        p(
          `${oneLine(link.sentBy)} has sent you a new set-up link for your account in the back office of the ${organisation.name} website.`,
        ),
        p(
          "Open it to choose a new password and add the site to your authenticator app again. Once you do, your old password and code stop working, your passkeys are removed (add them again under Your account) and you are signed out everywhere else.",
        ),
        { kind: "button", href: setup.href, text: "Set up my sign-in" },
        p(
          `The link works once, until ${londonTime(link.expiresAt)} (London time). If you did not ask for this, tell an administrator: your current sign-in keeps working until the link is used.`,
        ),
      ],
    },
    { to: address(link.to, "the account's address"), subject: title, secrets: setup.secrets },
  );
}
