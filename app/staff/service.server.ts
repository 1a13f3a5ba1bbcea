/**
 * What the back office's routes are handed (servicesContext's `staff`):
 * the database, the e-mail context and outbox, and the sign-in limits.
 */
import type { Db } from "~/data/db.server.ts";
import { queueEmails } from "~/mail/outbox.server.ts";
import type { MailContext, OutgoingEmail } from "~/mail/types.ts";
import type { Keyring } from "~/secrets/sealing.server.ts";

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
  /**
   * Counts one sign-in attempt (a password or a code) from this client
   * address and for this account (its e-mail address, as typed); false once
   * either is over its limit. Never rejects.
   */
  allowSignInAttempt(clientAddress: string, account: string): Promise<boolean>;
};

export function createStaffServices(options: {
  db: Db;
  mail: MailContext;
  mailDir: string;
  keys: Keyring;
  kickOutbox: () => void;
  webhooks: StaffServices["webhooks"];
  limits: { byAddress: (key: string) => Promise<boolean>; byAccount: (key: string) => Promise<boolean> };
}): StaffServices {
  const { db, mail, mailDir, keys, kickOutbox, webhooks, limits } = options;
  return {
    db,
    mail,
    mailDir,
    keys,
    kickOutbox,
    webhooks,
    async sendEmail(email, about, now) {
      await queueEmails(db, about, [email], now, keys);
      kickOutbox();
    },
    async allowSignInAttempt(clientAddress, account) {
      // Both are counted, so guessing one account from many addresses and
      // many accounts from one address are both stopped.
      const [address, perAccount] = await Promise.all([
        limits.byAddress(clientAddress),
        limits.byAccount(account.trim().toLowerCase().slice(0, 320)),
      ]);
      return address && perAccount;
    },
  };
}
