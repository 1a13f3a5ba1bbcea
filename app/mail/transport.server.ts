/**
 * How e-mail leaves the site: SMTP when SMTP_URL is set; otherwise each
 * message is written as a .eml file under DATA_DIR/mail (the embedded
 * default loses nothing, and a person can open the files). nodemailer builds
 * the MIME message either way (text and HTML parts, encoded headers).
 *
 * Time limits (docs/decisions/011-outbox-claims.md): every SMTP send settles
 * within `sendTimeoutMs` (default 30 s), whatever the server does: the
 * connection, greeting and socket timeouts each cover one wait, and a
 * per-send AbortSignal covers the whole (the wait for a pooled connection,
 * and a server that trickles its replies, which no socket timeout notices);
 * aborting closes that send's connection, so a message cut off mid-DATA is
 * not delivered. The outbox worker refuses a lease shorter than twice this
 * time, so a message is never claimed by a second worker while it is still
 * being sent.
 */
import { mkdirSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailTransport } from "./outbox-worker.server.ts";
import type { OutgoingEmail } from "./types.ts";

export type TransportOptions = {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  /** Longest time one SMTP send may take, start to end (default 30 s; the outbox lease must be at least twice this). */
  sendTimeoutMs?: number;
  /** Pooled SMTP connections (default 8, MAIL_CONCURRENCY's default): one per send slot, so no send waits for one. */
  maxConnections?: number;
};

/** Per-wait SMTP timeouts; each is shorter than the whole send's default limit. */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
} as const;

/** Default limit for one whole send; the outbox's default lease (60 s) is twice this. */
export const DEFAULT_SEND_TIMEOUT_MS = 30_000;

function mailOptions(from: string, message: OutgoingEmail & { id: string }) {
  const invitation = message.attachments?.find((a) => a.calendarMethod);
  return {
    from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    attachments: message.attachments
      ?.filter((a) => !a.calendarMethod)
      .map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
        ...(a.encoding ? { encoding: a.encoding } : {}),
      })),
    // A calendar invitation: the text/calendar alternative (with its method) that calendars act on, and its file.
    ...(invitation?.calendarMethod
      ? { icalEvent: { method: invitation.calendarMethod, filename: invitation.filename, content: invitation.content } }
      : {}),
    // Stable per outbox row: a message sent twice (after a crash) has one id.
    messageId: `<${message.id}@outbox.meridian-executive.co.uk>`,
  };
}

export function createMailTransport({
  smtpUrl,
  from,
  dataDir,
  sendTimeoutMs = DEFAULT_SEND_TIMEOUT_MS,
  maxConnections = 8,
}: TransportOptions): MailTransport & { description: string } {
  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      // Reuse connections: one SMTP handshake per connection, not per message.
      pool: true,
      maxConnections,
      // No wait is longer than the whole send may take.
      connectionTimeout: Math.min(SMTP_TIMEOUTS.connectionTimeout, sendTimeoutMs),
      greetingTimeout: Math.min(SMTP_TIMEOUTS.greetingTimeout, sendTimeoutMs),
      socketTimeout: Math.min(SMTP_TIMEOUTS.socketTimeout, sendTimeoutMs),
    } as Parameters<typeof nodemailer.createTransport>[0]);
    const url = new URL(smtpUrl);
    return {
      description: `SMTP at ${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`,
      sendTimeoutMs,
      async send(message) {
        // The whole send, from the queue for a pooled connection to the server's answer.
        await transport.sendMail({ ...mailOptions(from, message), signal: AbortSignal.timeout(sendTimeoutMs) });
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(dataDir, "mail");
  mkdirSync(dir, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    description: `.eml files in ${dir}`,
    async send(message) {
      const info = await transport.sendMail(mailOptions(from, message));
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${message.id}.eml`);
      // Write then rename: a reader never sees half a message. Off the thread that answers
      // requests: a slow disk holds the send, not every visitor's page.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
  };
}
