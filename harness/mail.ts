/**
 * The one reader of e-mail the tests receive. The test SMTP servers
 * (createSmtpSink in harness/servers.ts) write each message to
 * <dir>/<time>-<n>.eml with its envelope in <time>-<n>.json beside it; a
 * Mailbox reads that folder incrementally (each file is parsed once), so a
 * test can wait on a mailbox that holds thousands of messages.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import PostalMime from "postal-mime";

export type ReceivedEmail = {
  file: string;
  /** Envelope recipients, lower case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string[];
  /** Lower-case header name to value (the last one wins). */
  headers: Record<string, string>;
  /** Every header, in order, names in lower case. */
  headerList: [string, string][];
  /** Files sent with it, their content as text. */
  attachments: { filename: string; mimeType: string; content: string }[];
  raw: string;
};

export type WaitOptions = { subject?: RegExp; count?: number; timeoutMs?: number };

/** A fresh address for one test: tag-<time>-<random>@example.test. */
export function uniqueEmail(tag = "visitor"): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

export async function parseEmail(dir: string, file: string): Promise<ReceivedEmail> {
  const raw = readFileSync(path.join(dir, file), "utf8");
  const envelope = JSON.parse(readFileSync(path.join(dir, file.replace(/\.eml$/, ".json")), "utf8")) as {
    from: string | null;
    to: string[];
  };
  const email = await PostalMime.parse(raw);
  const headerList = email.headers.map((h): [string, string] => [h.key.toLowerCase(), h.value]);
  return {
    file,
    to: envelope.to.map((a) => a.toLowerCase()),
    from: email.from?.address ?? envelope.from ?? "",
    subject: email.subject ?? "",
    text: email.text ?? "",
    html: email.html ?? "",
    replyTo: (email.replyTo ?? []).map((r) => r.address ?? "").filter(Boolean),
    headers: Object.fromEntries(headerList),
    headerList,
    attachments: email.attachments.map((a) => ({
      filename: a.filename ?? "",
      mimeType: a.mimeType,
      content: typeof a.content === "string" ? a.content : new TextDecoder().decode(a.content),
    })),
    raw,
  };
}

export class Mailbox {
  private readonly parsed = new Map<string, ReceivedEmail>();
  readonly dir: string;
  /** The team address the site under test notifies. */
  readonly teamAddress: string;

  constructor(dir: string, teamAddress = "team@example.test") {
    this.dir = path.resolve(dir);
    this.teamAddress = teamAddress;
  }

  /** Every message received so far, oldest first. */
  async all(): Promise<ReceivedEmail[]> {
    let files: string[];
    try {
      files = readdirSync(this.dir)
        .filter((f) => f.endsWith(".eml"))
        .sort();
    } catch {
      return [];
    }
    for (const f of files) {
      if (this.parsed.has(f)) continue;
      try {
        this.parsed.set(f, await parseEmail(this.dir, f));
      } catch {
        // Its envelope is not written yet: next time.
      }
    }
    return [...this.parsed.values()].sort((a, b) => a.file.localeCompare(b.file));
  }

  /** Every message received so far for this recipient, oldest first. */
  async to(address: string): Promise<ReceivedEmail[]> {
    const wanted = address.toLowerCase();
    return (await this.all()).filter((e) => e.to.includes(wanted));
  }

  /** Waits until `count` (default 1) messages match; returns them. */
  async waitFor(
    match: (email: ReceivedEmail) => boolean,
    describe: string,
    { count = 1, timeoutMs = 15_000 }: { count?: number; timeoutMs?: number } = {},
  ): Promise<ReceivedEmail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await this.all()).filter(match);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`Expected ${count} e-mail(s) ${describe}; got ${found.length}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Waits for `count` (default 1) e-mails to this address, optionally with a matching subject. */
  waitForEmails(address: string, { subject, count, timeoutMs }: WaitOptions = {}): Promise<ReceivedEmail[]> {
    const wanted = address.toLowerCase();
    return this.waitFor(
      (e) => e.to.includes(wanted) && (!subject || subject.test(e.subject)),
      `to ${address}${subject ? ` matching ${subject}` : ""}`,
      { count, timeoutMs },
    );
  }

  async waitForEmail(address: string, options: Omit<WaitOptions, "count"> = {}): Promise<ReceivedEmail> {
    return (await this.waitForEmails(address, { ...options, count: 1 }))[0]!;
  }

  /** The team's notification about this visitor's lead (found by their address in it). */
  async waitForTeamEmail(visitorEmail: string, { subject, timeoutMs }: Omit<WaitOptions, "count"> = {}) {
    const team = this.teamAddress.toLowerCase();
    const [found] = await this.waitFor(
      (e) => e.to.includes(team) && e.text.includes(visitorEmail) && (!subject || subject.test(e.subject)),
      `to the team mentioning ${visitorEmail}`,
      { timeoutMs },
    );
    return found!;
  }
}
