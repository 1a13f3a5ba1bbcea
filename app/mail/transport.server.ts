/**
 * How e-mail leaves the site: SMTP when SMTP_URL is set; otherwise each
 * message is written as a .eml file under DATA_DIR/mail (the embedded
 * default loses nothing, and a person can open the files). nodemailer builds
 * the MIME message either way (text and HTML parts, encoded headers).
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailTransport } from "./outbox.server.ts";
import type { OutgoingEmail } from "./types.ts";

export type TransportOptions = { smtpUrl?: string; from: string; dataDir: string };

function mailOptions(from: string, message: OutgoingEmail & { id: string }) {
  return {
    from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    // Stable per outbox row: a message sent twice (after a crash) has one id.
    messageId: `<${message.id}@outbox.meridian-executive.co.uk>`,
  };
}

export function createMailTransport({
  smtpUrl,
  from,
  dataDir,
}: TransportOptions): MailTransport & { description: string } {
  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      // Reuse connections: one SMTP handshake per connection, not per message.
      pool: true,
      maxConnections: 3,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    const url = new URL(smtpUrl);
    return {
      description: `SMTP at ${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`,
      async send(message) {
        await transport.sendMail(mailOptions(from, message));
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
      // Write then rename: a reader never sees half a message.
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
    },
  };
}
