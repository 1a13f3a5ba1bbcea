/**
 * Reads the e-mails the test SMTP server (tests/support/smtp-sink.ts)
 * received. Every test uses its own addresses (uniqueEmail), so tests can
 * run in parallel against one mailbox.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import PostalMime from "postal-mime";

export type ReceivedEmail = {
  /** Envelope recipients. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string[];
  /** Lower-case header name to value (last one wins). */
  headers: Record<string, string>;
  raw: string;
};

export const mailboxDir = path.resolve(process.env.SMTP_SINK_DIR ?? ".e2e/smtp");

/** A fresh address for one test: tag-<time>-<random>@example.test. */
export function uniqueEmail(tag = "visitor"): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

async function parse(file: string): Promise<ReceivedEmail> {
  const raw = readFileSync(file, "utf8");
  const envelope = JSON.parse(readFileSync(file.replace(/\.eml$/, ".json"), "utf8")) as { from: string; to: string[] };
  const email = await PostalMime.parse(raw);
  const headers: Record<string, string> = {};
  for (const h of email.headers) headers[h.key.toLowerCase()] = h.value;
  return {
    to: envelope.to.map((a) => a.toLowerCase()),
    from: email.from?.address ?? envelope.from,
    subject: email.subject ?? "",
    text: email.text ?? "",
    html: email.html ?? "",
    replyTo: (email.replyTo ?? []).map((r) => r.address ?? "").filter(Boolean),
    headers,
    raw,
  };
}

/** Every e-mail received so far for this recipient, oldest first. */
export async function emailsTo(address: string, dir = mailboxDir): Promise<ReceivedEmail[]> {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith(".eml"))
      .sort();
  } catch {
    return [];
  }
  const all: ReceivedEmail[] = [];
  for (const f of files) {
    try {
      const email = await parse(path.join(dir, f));
      if (email.to.includes(address.toLowerCase())) all.push(email);
    } catch {
      // The .json beside it may not be written yet: it shows up next time.
    }
  }
  return all;
}

/**
 * Waits until `count` e-mails (default 1) to this address, optionally with
 * a matching subject, have arrived; returns them.
 */
export async function waitForEmails(
  address: string,
  {
    subject,
    count = 1,
    timeoutMs = 15_000,
    dir = mailboxDir,
  }: { subject?: RegExp; count?: number; timeoutMs?: number; dir?: string } = {},
): Promise<ReceivedEmail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await emailsTo(address, dir)).filter((e) => !subject || subject.test(e.subject));
    if (found.length >= count) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `Expected ${count} e-mail(s) to ${address}${subject ? ` matching ${subject}` : ""}; got ${found.length}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function waitForEmail(
  address: string,
  options: { subject?: RegExp; timeoutMs?: number; dir?: string } = {},
) {
  return (await waitForEmails(address, { ...options, count: 1 }))[0]!;
}

/** The team inbox the e2e server is configured with (playwright.config.ts). */
export const teamAddress = "team@example.test";

/** The team's notification about this visitor's lead (found by their address in it). */
export async function waitForTeamEmail(visitorEmail: string, options: { subject?: RegExp; timeoutMs?: number } = {}) {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const found = (await emailsTo(teamAddress)).filter(
      (e) => e.text.includes(visitorEmail) && (!options.subject || options.subject.test(e.subject)),
    );
    if (found.length) return found[0]!;
    if (Date.now() > deadline) throw new Error(`No team notification mentioning ${visitorEmail}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
