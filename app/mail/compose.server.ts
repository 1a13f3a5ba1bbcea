/**
 * What every e-mail of the site is made with: pure functions from facts to
 * composed messages for the outbox. No I/O, no clock, no environment:
 * everything they need comes in the arguments. Each lead kind writes its own
 * e-mails with these (app/leads/kinds/*.server.ts), as do the payments
 * (app/orders/consultation-emails.server.ts).
 *
 * Each message is described once as a list of blocks and rendered twice,
 * as plain text and as HTML, so both parts always say the same.
 *
 * Visitor-provided values are never trusted, even though the form schemas
 * already validate them:
 * - in HTML they are escaped (escapeHtml);
 * - in subjects and headers they are made single-line, stripped of control
 *   characters and truncated (singleLine);
 * - addresses used as recipients must be one plain address, or we refuse to
 *   compose the message (no header injection, no extra recipients);
 * - links must be absolute http(s) addresses.
 */
import { promises } from "~/content/business.ts";
import { organisation } from "~/content/organisation.ts";
import { formatDateTime } from "~/format/dates.ts";
import type { LeadFacts, MailContext, OutgoingEmail } from "./types.ts";
import { siteContact } from "~/content/index.server.ts";
import { formatContactAddress } from "~/content/site-facts.ts";

// ---------------------------------------------------------------------------
// Sanitising helpers
// ---------------------------------------------------------------------------

/** Longest subject, in characters, not counting the "[TEST] " prefix. */
export const SUBJECT_MAX = 150;
/** Longest visitor value shown inside a subject. */
const SUBJECT_VALUE_MAX = 60;
/** Longest single-line value shown in a body (the schemas allow far less). */
const BODY_LINE_MAX = 1000;

export function asString(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : String(value);
}

const htmlSpecial = /[&<>"']/;
const htmlSpecials = /[&<>"']/g;
const htmlEntities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  const text = asString(value);
  // One pass, and none for the common text without special characters.
  return htmlSpecial.test(text) ? text.replace(htmlSpecials, (c) => htmlEntities[c]!) : text;
}

// C0 and C1 controls (CR, LF, tab included), DEL, Unicode line and paragraph
// separators, and bidirectional overrides/isolates (which can disguise text).
// eslint-disable-next-line no-control-regex
const lineBreaking = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;
// In multi-line text, the same minus LF (CR is normalised to LF first) and tab.
// eslint-disable-next-line no-control-regex
const multilineUnsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g;

/**
 * One clean line of at most `max` characters (code points): line breaks and
 * control characters become spaces, runs of white space collapse, and a
 * longer value is cut and ends with "…". Safe for subjects and headers.
 */
export function singleLine(value: unknown, max: number = SUBJECT_MAX): string {
  const clean = asString(value).replace(lineBreaking, " ").replace(/\s+/g, " ").trim();
  const limit = Math.max(1, Math.floor(max));
  // No more UTF-16 units than the limit: no more code points either (no need to split).
  if (clean.length <= limit) return clean;
  const chars = Array.from(clean);
  if (chars.length <= limit) return clean;
  return `${chars
    .slice(0, limit - 1)
    .join("")
    .trimEnd()}…`;
}

/** Multi-line text with LF line ends and no control characters but tab. */
export function multiline(value: unknown): string {
  return asString(value)
    .replace(/\r\n?/g, "\n")
    .replace(/[\u2028\u2029]/g, "\n")
    .replace(multilineUnsafe, "")
    .trim();
}

// Deliberately simple: one address, no display name, no white space, no
// characters that separate or quote addresses in a header.
const plainAddress = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;

/**
 * A recipient or Reply-To address. Throws on anything but one plain address:
 * the schemas guarantee it, so a failure here is a programming error, and
 * composing the message anyway could address it to someone else.
 */
export function address(value: unknown, what: string): string {
  const raw = asString(value).trim();
  if (raw.length > 254 || !plainAddress.test(raw)) {
    throw new Error(`Cannot compose an e-mail: ${what} is not a single plain e-mail address.`);
  }
  return raw;
}

/** An absolute http(s) link, for hrefs and headers. Throws otherwise. */
export function link(value: unknown, what: string): string {
  const raw = asString(value).trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`Cannot compose an e-mail: ${what} is not an absolute address.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`Cannot compose an e-mail: ${what} must be an http(s) address.`);
  }
  // The URL parser percent-encodes spaces, quotes and angle brackets and drops
  // tabs and line breaks, so the result is safe on one header line.
  return url.href;
}

export function subject(text: string, isTest: boolean): string {
  return `${isTest ? "[TEST] " : ""}${singleLine(text, SUBJECT_MAX)}`;
}

/** Longest title of ours (guide, webinar, area of interest) inside a subject. */
const SUBJECT_TITLE_MAX = 100;

/** A visitor value for a subject: one line, short. */
export function inSubject(value: unknown): string {
  return singleLine(value, SUBJECT_VALUE_MAX);
}

/** One of our titles for a subject: one line, and bounded all the same. */
export function titleInSubject(value: unknown): string {
  return singleLine(value, SUBJECT_TITLE_MAX);
}

/** A visitor value for one line of a body. */
export function oneLine(value: unknown): string {
  return singleLine(value, BODY_LINE_MAX);
}

// The London time of a stored time (toISOString: UTC, milliseconds) shows its minute, not
// its seconds: the leads of one minute share one formatted text (Intl formatting is the
// costly part). Times of any other form are formatted each time.
const utcMinute = /^(\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d):[0-5]\d\.\d{3}Z$/;
let lastMinute: { minute: string; text: string } | null = null;

/** London time, or the raw value if it is not a date. */
export function londonTime(iso: string): string {
  const minute = utcMinute.exec(iso)?.[1];
  if (minute !== undefined && lastMinute?.minute === minute) return lastMinute.text;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return oneLine(iso);
  const text = formatDateTime(iso);
  if (minute !== undefined) lastMinute = { minute, text };
  return text;
}

export function minutes(total: number): string {
  if (!Number.isFinite(total) || total <= 0) return "to be confirmed";
  return total === 1 ? "1 minute" : `${Math.round(total)} minutes`;
}

export function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${url}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

// ---------------------------------------------------------------------------
// Message model and renderers
// ---------------------------------------------------------------------------

export type Inline = string | { href: string; text: string };

export type Block =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; parts: Inline[] }
  | { kind: "fields"; items: [label: string, value: string][] }
  | { kind: "quote"; label: string; text: string }
  | { kind: "button"; href: string; text: string };

export type Message = {
  /** The first heading and the HTML document's title. */
  title: string;
  blocks: Block[];
};

export const p = (...parts: Inline[]): Block => ({ kind: "paragraph", parts });
export const h = (text: string): Block => ({ kind: "heading", text });
export const a = (href: string, text: string): Inline => ({ href, text });

function renderText(message: Message): string {
  const out: string[] = [message.title, "=".repeat(Math.min(Array.from(message.title).length, 70))];
  for (const block of message.blocks) {
    switch (block.kind) {
      case "heading":
        out.push("", block.text, "-".repeat(Math.min(Array.from(block.text).length, 70)));
        break;
      case "paragraph":
        out.push(
          "",
          block.parts.map((part) => (typeof part === "string" ? part : `${part.text} (${part.href})`)).join(""),
        );
        break;
      case "fields":
        out.push("", ...block.items.map(([label, value]) => `${label}: ${value}`));
        break;
      case "quote":
        out.push("", `${block.label}:`, ...block.text.split("\n").map((line) => (line ? `> ${line}` : ">")));
        break;
      case "button":
        out.push("", `${block.text}:`, block.href);
        break;
    }
  }
  return `${out.join("\n")}\n`;
}

const font = "font-family:Arial,Helvetica,sans-serif;";
const colours = { text: "#1f2937", muted: "#4b5563", brand: "#1e3a5f", rule: "#d1d5db", page: "#f3f4f6" } as const;
const linkStyle = `color:${colours.brand};text-decoration:underline;`;

function renderHtml(message: Message): string {
  const body: string[] = [
    `<h1 style="${font}font-size:24px;line-height:1.3;margin:0 0 16px;color:${colours.brand};">${escapeHtml(message.title)}</h1>`,
  ];
  for (const block of message.blocks) {
    switch (block.kind) {
      case "heading":
        body.push(
          `<h2 style="${font}font-size:18px;line-height:1.3;margin:24px 0 8px;color:${colours.brand};">${escapeHtml(block.text)}</h2>`,
        );
        break;
      case "paragraph": {
        const inner = block.parts
          .map((part) =>
            typeof part === "string"
              ? escapeHtml(part)
              : `<a href="${escapeHtml(part.href)}" style="${linkStyle}">${escapeHtml(part.text)}</a>`,
          )
          .join("");
        body.push(`<p style="margin:0 0 16px;">${inner}</p>`);
        break;
      }
      case "fields":
        body.push(
          `<dl style="margin:0 0 16px;padding:0;">${block.items
            .map(
              ([label, value]) =>
                `<dt style="font-weight:bold;margin:8px 0 0;">${escapeHtml(label)}</dt>` +
                `<dd style="margin:0;overflow-wrap:anywhere;word-break:break-word;">${escapeHtml(value)}</dd>`,
            )
            .join("")}</dl>`,
        );
        break;
      case "quote":
        body.push(
          `<h2 style="${font}font-size:16px;line-height:1.3;margin:16px 0 8px;color:${colours.text};">${escapeHtml(block.label)}</h2>`,
          `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid ${colours.rule};background:#ffffff;color:${colours.text};overflow-wrap:anywhere;word-break:break-word;">` +
            block.text
              .split("\n")
              .map((line) => escapeHtml(line))
              .join("<br>") +
            `</blockquote>`,
        );
        break;
      case "button":
        body.push(
          `<p style="margin:24px 0;"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:${colours.brand};color:#ffffff;font-weight:bold;text-decoration:none;padding:12px 20px;border-radius:6px;">${escapeHtml(block.text)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:14px;color:${colours.muted};">If the button does not work, copy this address into your browser:<br><span style="overflow-wrap:anywhere;word-break:break-all;">${escapeHtml(block.href)}</span></p>`,
        );
        break;
    }
  }
  return [
    "<!DOCTYPE html>",
    '<html lang="en-GB">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(message.title)}</title>`,
    "</head>",
    `<body style="margin:0;padding:0;background:${colours.page};">`,
    `<div role="article" aria-label="${escapeHtml(message.title)}" lang="en-GB" style="max-width:600px;margin:0 auto;padding:24px 16px;background:#ffffff;${font}font-size:16px;line-height:1.5;color:${colours.text};">`,
    ...body,
    "</div>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

export function compose(
  message: Message,
  envelope: {
    to: string;
    replyTo?: string;
    subject: string;
    headers?: Record<string, string>;
    /** One-time credentials the text names by `withheldCredential(name)` (types.ts). */
    secrets?: Record<string, string>;
  },
): OutgoingEmail {
  const email: OutgoingEmail = {
    to: envelope.to,
    subject: envelope.subject,
    text: renderText(message),
    html: renderHtml(message),
  };
  if (envelope.replyTo) email.replyTo = envelope.replyTo;
  if (envelope.headers) email.headers = envelope.headers;
  if (envelope.secrets) email.secrets = envelope.secrets;
  return email;
}

// ---------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------

// The site address is the same for every message: checked once per value.
let lastSite: { siteUrl: string; href: string; host: string } | null = null;

export function site(ctx: MailContext): { href: string; host: string } {
  if (lastSite?.siteUrl !== ctx.siteUrl) {
    const href = link(ctx.siteUrl, "the site address");
    lastSite = { siteUrl: ctx.siteUrl, href, host: singleLine(new URL(href).host, 100) };
  }
  return lastSite;
}

export function siteLink(ctx: MailContext): string {
  return site(ctx).href;
}

/** How to reach us, closing every visitor e-mail. */
export function contactDetails(ctx: MailContext): Block[] {
  return [
    p(`With best wishes,`),
    p(`The team at ${organisation.name}`),
    h("How to reach us"),
    {
      kind: "fields",
      items: [
        ["Email", siteContact().email],
        ["Phone", siteContact().phone],
        ["Address", formatContactAddress(siteContact())],
      ],
    },
    p(a(siteLink(ctx), `Visit ${organisation.name} online`)),
  ];
}

/** The acknowledgement promise (spec section 9). */
export function responsePromise(): string {
  return `A member of our team will respond ${promises.contactResponse}. Our business hours are ${promises.businessHours} (London time).`;
}

/** Why the visitor got this e-mail, and what to do if it was not them. */
export function notYou(form: string, ctx: MailContext): Block {
  return p(
    `You are receiving this e-mail because this address was entered in the ${form} at `,
    a(siteLink(ctx), site(ctx).host),
    `. If that was not you, please ignore this e-mail or let us know at ${siteContact().email}.`,
  );
}

/** The facts every team notification ends with, and the way to the lead in the back office. */
export function leadFacts(lead: LeadFacts, ctx: MailContext): Block[] {
  return [
    {
      kind: "button",
      href: `${siteLink(ctx).replace(/\/$/, "")}/admin/leads/${encodeURIComponent(lead.id)}`,
      text: "Open it in the back office",
    },
    h("Submission details"),
    {
      kind: "fields",
      items: [
        ["Source page", oneLine(lead.sourcePage) || "not recorded"],
        ["Received", londonTime(lead.createdAt)],
        ["Lead id", oneLine(lead.id)],
      ],
    },
    { kind: "quote", label: "Consent given", text: multiline(lead.consentText) || "not recorded" },
  ];
}

export function testNotice(isTest: boolean): Block[] {
  return isTest ? [p("This is a test submission from the test dashboard. No reply is needed.")] : [];
}

export function label<T extends { value: string; label: string }>(options: readonly T[], value: unknown): string {
  return options.find((option) => option.value === value)?.label ?? oneLine(value);
}
