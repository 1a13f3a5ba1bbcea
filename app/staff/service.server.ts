/**
 * What the back office's routes are handed (servicesContext's `staff`):
 * the database, the e-mail context and outbox, and the sign-in limits.
 */
import type { Db } from "~/data/db.server.ts";
import { queueEmails } from "~/mail/outbox-queue.server.ts";
import type { MailContext, OutgoingEmail } from "~/mail/types.ts";
import type { Keyring } from "~/secrets/sealing.server.ts";
import type { SignInGuard } from "./sign-in-guard.server.ts";

export type StaffServices = {
  db: Db;
  mail: MailContext;
  /** DATA_DIR/mail: e-mails written to files when no SMTP server is set (access and erasure look there too). */
  mailDir: string;
  /** Seals second-factor keys and the one-time links of e-mails (docs/decisions/033-secrets-at-rest.md). */
  keys: Keyring;
  /** Wakes the outbox worker (a message was made due now). */
  kickOutbox(): void;
  /** Wakes the webhook dispatcher; whether endpoints on this machine's loopback are allowed (WEBHOOK_LOCAL_RECEIVERS). */
  webhooks: { kick(): void; allowLocal: boolean };
  /** Queues one e-mail (an invitation: its link sealed until sent) and wakes the outbox worker. */
  sendEmail(email: OutgoingEmail, about: { type: string; id: string }, now: Date): Promise<void>;
  /** Sign-in limits: per client address, per account and address, per account from new addresses (ADR 037). */
  signIn: Pick<SignInGuard, "attempt" | "reportDisabled">;
};

export function createStaffServices(options: {
  db: Db;
  mail: MailContext;
  mailDir: string;
  keys: Keyring;
  kickOutbox: () => void;
  webhooks: StaffServices["webhooks"];
  signIn: StaffServices["signIn"];
}): StaffServices {
  const { db, mail, mailDir, keys, kickOutbox, webhooks, signIn } = options;
  return {
    db,
    mail,
    mailDir,
    keys,
    kickOutbox,
    webhooks,
    signIn,
    async sendEmail(email, about, now) {
      await queueEmails(db, about, [email], now, keys);
      kickOutbox();
    },
  };
}
