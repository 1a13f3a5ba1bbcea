/**
 * The site's e-mails: pure functions from a stored lead (or newsletter
 * signup) to composed messages for the outbox. No I/O, no clock, no
 * environment: everything they need comes in the arguments.
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
import { consultation, promises } from "~/content/business.ts";
import { formatAddress, organisation } from "~/content/organisation.ts";
import { preferredContacts, serviceInterests } from "~/forms/schemas.ts";
import { formatDateTime } from "~/lib/dates.ts";
import type {
  ContactLead,
  GuideRequestLead,
  LeadFacts,
  MailContext,
  NewsletterSignup,
  OutgoingEmail,
  PaidBooking,
  ResourceDownloadLead,
  WebinarRegistrationLead,
} from "./types.ts";

// ---------------------------------------------------------------------------
// Sanitising helpers
// ---------------------------------------------------------------------------

/** Longest subject, in characters, not counting the "[TEST] " prefix. */
export const SUBJECT_MAX = 150;
/** Longest visitor value shown inside a subject. */
const SUBJECT_VALUE_MAX = 60;
/** Longest single-line value shown in a body (the schemas allow far less). */
const BODY_LINE_MAX = 1000;

function asString(value: unknown): string {
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
function multiline(value: unknown): string {
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
function address(value: unknown, what: string): string {
  const raw = asString(value).trim();
  if (raw.length > 254 || !plainAddress.test(raw)) {
    throw new Error(`Cannot compose an e-mail: ${what} is not a single plain e-mail address.`);
  }
  return raw;
}

/** An absolute http(s) link, for hrefs and headers. Throws otherwise. */
function link(value: unknown, what: string): string {
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

function subject(text: string, isTest: boolean): string {
  return `${isTest ? "[TEST] " : ""}${singleLine(text, SUBJECT_MAX)}`;
}

/** Longest title of ours (guide, webinar, area of interest) inside a subject. */
const SUBJECT_TITLE_MAX = 100;

/** A visitor value for a subject: one line, short. */
function inSubject(value: unknown): string {
  return singleLine(value, SUBJECT_VALUE_MAX);
}

/** One of our titles for a subject: one line, and bounded all the same. */
function titleInSubject(value: unknown): string {
  return singleLine(value, SUBJECT_TITLE_MAX);
}

/** A visitor value for one line of a body. */
function oneLine(value: unknown): string {
  return singleLine(value, BODY_LINE_MAX);
}

// The London time of a stored time (toISOString: UTC, milliseconds) shows its minute, not
// its seconds: the leads of one minute share one formatted text (Intl formatting is the
// costly part). Times of any other form are formatted each time.
const utcMinute = /^(\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d):[0-5]\d\.\d{3}Z$/;
let lastMinute: { minute: string; text: string } | null = null;

/** London time, or the raw value if it is not a date. */
function londonTime(iso: string): string {
  const minute = utcMinute.exec(iso)?.[1];
  if (minute !== undefined && lastMinute?.minute === minute) return lastMinute.text;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return oneLine(iso);
  const text = formatDateTime(iso);
  if (minute !== undefined) lastMinute = { minute, text };
  return text;
}

function minutes(total: number): string {
  if (!Number.isFinite(total) || total <= 0) return "to be confirmed";
  return total === 1 ? "1 minute" : `${Math.round(total)} minutes`;
}

function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${url}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

// ---------------------------------------------------------------------------
// Message model and renderers
// ---------------------------------------------------------------------------

type Inline = string | { href: string; text: string };

type Block =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; parts: Inline[] }
  | { kind: "fields"; items: [label: string, value: string][] }
  | { kind: "quote"; label: string; text: string }
  | { kind: "button"; href: string; text: string };

type Message = {
  /** The first heading and the HTML document's title. */
  title: string;
  blocks: Block[];
};

const p = (...parts: Inline[]): Block => ({ kind: "paragraph", parts });
const h = (text: string): Block => ({ kind: "heading", text });
const a = (href: string, text: string): Inline => ({ href, text });

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

function compose(
  message: Message,
  envelope: { to: string; replyTo?: string; subject: string; headers?: Record<string, string> },
): OutgoingEmail {
  const email: OutgoingEmail = {
    to: envelope.to,
    subject: envelope.subject,
    text: renderText(message),
    html: renderHtml(message),
  };
  if (envelope.replyTo) email.replyTo = envelope.replyTo;
  if (envelope.headers) email.headers = envelope.headers;
  return email;
}

// ---------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------

// The site address is the same for every message: checked once per value.
let lastSite: { siteUrl: string; href: string; host: string } | null = null;

function site(ctx: MailContext): { href: string; host: string } {
  if (lastSite?.siteUrl !== ctx.siteUrl) {
    const href = link(ctx.siteUrl, "the site address");
    lastSite = { siteUrl: ctx.siteUrl, href, host: singleLine(new URL(href).host, 100) };
  }
  return lastSite;
}

function siteLink(ctx: MailContext): string {
  return site(ctx).href;
}

/** How to reach us, closing every visitor e-mail. */
function contactDetails(ctx: MailContext): Block[] {
  return [
    p(`With best wishes,`),
    p(`The team at ${organisation.name}`),
    h("How to reach us"),
    {
      kind: "fields",
      items: [
        ["Email", organisation.email],
        ["Phone", organisation.phone.display],
        ["Address", formatAddress()],
      ],
    },
    p(a(siteLink(ctx), `Visit ${organisation.name} online`)),
  ];
}

/** The acknowledgement promise (spec section 9). */
function responsePromise(): string {
  return `A member of our team will respond ${promises.contactResponse}. Our business hours are ${promises.businessHours} (London time).`;
}

/** Why the visitor got this e-mail, and what to do if it was not them. */
function notYou(form: string, ctx: MailContext): Block {
  return p(
    `You are receiving this e-mail because this address was entered in the ${form} at `,
    a(siteLink(ctx), site(ctx).host),
    `. If that was not you, please ignore this e-mail or let us know at ${organisation.email}.`,
  );
}

/** The facts every team notification ends with. */
function leadFacts(lead: LeadFacts): Block[] {
  return [
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

function testNotice(isTest: boolean): Block[] {
  return isTest ? [p("This is a test submission from the test dashboard. No reply is needed.")] : [];
}

function label<T extends { value: string; label: string }>(options: readonly T[], value: unknown): string {
  return options.find((option) => option.value === value)?.label ?? oneLine(value);
}

// ---------------------------------------------------------------------------
// Contact enquiry
// ---------------------------------------------------------------------------

/** [team notification, visitor acknowledgement] for a contact enquiry. */
export function contactEmails(lead: ContactLead, ctx: MailContext): OutgoingEmail[] {
  const visitor = address(lead.email, "the visitor's address");
  const area = oneLine(lead.serviceInterestLabel) || label(serviceInterests, lead.serviceInterest);
  const preferred = label(preferredContacts, lead.preferredContact);
  const name = oneLine(lead.name);
  const message = multiline(lead.message);

  const team = compose(
    {
      title: "New enquiry from the website",
      blocks: [
        ...testNotice(lead.isTest),
        p(`${name} from ${oneLine(lead.company)} sent an enquiry about ${area}. Reply to this e-mail to answer them.`),
        h("Enquiry"),
        {
          kind: "fields",
          items: [
            ["Name", name],
            ["Email", oneLine(lead.email)],
            ["Phone", oneLine(lead.phone)],
            ["Company", oneLine(lead.company)],
            ["Job title", oneLine(lead.jobTitle) || "not given"],
            ["Area of interest", area],
            ["Preferred contact", preferred],
          ],
        },
        { kind: "quote", label: "Message", text: message },
        ...leadFacts(lead),
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      replyTo: visitor,
      subject: subject(
        `New enquiry: ${inSubject(lead.name)}, ${inSubject(lead.company)} (${titleInSubject(area)})`,
        lead.isTest,
      ),
    },
  );

  const acknowledgement = compose(
    {
      title: "We have received your enquiry",
      blocks: [
        p(`Dear ${name},`),
        p(`Thank you for contacting ${organisation.name} about ${area}. We have received your enquiry.`),
        p(responsePromise()),
        p(
          lead.preferredContact === "phone"
            ? `You asked us to contact you by phone, so we will call you on ${oneLine(lead.phone)}.`
            : `You asked us to contact you by email, so we will reply to ${oneLine(lead.email)}.`,
        ),
        { kind: "quote", label: "Your message", text: message },
        ...contactDetails(ctx),
        notYou("contact form", ctx),
      ],
    },
    { to: visitor, subject: subject("We have received your enquiry", lead.isTest) },
  );

  return [team, acknowledgement];
}

// ---------------------------------------------------------------------------
// Guide request (guide page)
// ---------------------------------------------------------------------------

/** [team notification, visitor e-mail with the download link] for a guide request. */
export function guideRequestEmails(lead: GuideRequestLead, ctx: MailContext): OutgoingEmail[] {
  const visitor = address(lead.email, "the visitor's address");
  const download = link(lead.downloadUrl, "the download link");
  const title = oneLine(lead.guideTitle);
  const fullName = oneLine(`${asString(lead.first_name)} ${asString(lead.last_name)}`);

  const team = compose(
    {
      title: "New guide request",
      blocks: [
        ...testNotice(lead.isTest),
        p(`${fullName} from ${oneLine(lead.company)} requested ${title}. Reply to this e-mail to write to them.`),
        h("Request"),
        {
          kind: "fields",
          items: [
            ["First name", oneLine(lead.first_name)],
            ["Last name", oneLine(lead.last_name)],
            ["Email", oneLine(lead.email)],
            ["Company", oneLine(lead.company)],
            ["Guide", title],
            ["Guide id", oneLine(lead.guide_name)],
          ],
        },
        ...leadFacts(lead),
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      replyTo: visitor,
      subject: subject(
        `Guide request: ${inSubject(fullName)}, ${inSubject(lead.company)} (${titleInSubject(lead.guideTitle)})`,
        lead.isTest,
      ),
    },
  );

  const delivery = compose(
    {
      title: "Your guide is ready to download",
      blocks: [
        p(`Dear ${oneLine(lead.first_name)},`),
        p(`Thank you for requesting ${title}. You can download it now:`),
        { kind: "button", href: download, text: `Download ${title}` },
        p("This download link is personal to you, so please do not forward it or share it."),
        p(
          `Questions about the guide, or about training for your team? Write to us at ${organisation.email}. ${responsePromise()}`,
        ),
        ...contactDetails(ctx),
        notYou("guide request form", ctx),
      ],
    },
    { to: visitor, subject: subject(`Your guide: ${titleInSubject(lead.guideTitle)}`, lead.isTest) },
  );

  return [team, delivery];
}

// ---------------------------------------------------------------------------
// Resource download (home page)
// ---------------------------------------------------------------------------

/** [team notification, visitor e-mail with the download link] for a free resource. */
export function resourceDownloadEmails(lead: ResourceDownloadLead, ctx: MailContext): OutgoingEmail[] {
  const visitor = address(lead.email, "the visitor's address");
  const download = link(lead.downloadUrl, "the download link");
  const title = oneLine(lead.guideTitle);

  const team = compose(
    {
      title: "New resource download",
      blocks: [
        ...testNotice(lead.isTest),
        p(`${oneLine(lead.email)} asked for ${title}.`),
        h("Request"),
        {
          kind: "fields",
          items: [
            ["Email", oneLine(lead.email)],
            ["Resource", title],
            ["Resource id", oneLine(lead.resourceId)],
          ],
        },
        ...leadFacts(lead),
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      replyTo: visitor,
      subject: subject(`Resource download: ${inSubject(lead.email)} (${titleInSubject(lead.guideTitle)})`, lead.isTest),
    },
  );

  const delivery = compose(
    {
      title: "Your download link",
      blocks: [
        p("Hello,"),
        p(`Thank you for your interest in ${title}. You can download it now:`),
        { kind: "button", href: download, text: `Download ${title}` },
        p(
          `Questions about the guide, or about training for your team? Write to us at ${organisation.email}. ${responsePromise()}`,
        ),
        ...contactDetails(ctx),
        notYou("free resources form", ctx),
      ],
    },
    { to: visitor, subject: subject(`Your download: ${titleInSubject(lead.guideTitle)}`, lead.isTest) },
  );

  return [team, delivery];
}

// ---------------------------------------------------------------------------
// Newsletter (double opt-in)
// ---------------------------------------------------------------------------

const newsletterName = `${organisation.name} newsletter`;

/** Asks the subscriber to confirm; nothing else is sent until they do. */
export function newsletterConfirmationEmail(s: NewsletterSignup, ctx: MailContext): OutgoingEmail {
  const to = address(s.email, "the subscriber's address");
  const confirm = link(s.confirmUrl, "the confirmation link");
  const unsubscribe = link(s.unsubscribeUrl, "the unsubscribe link");

  return compose(
    {
      title: "Please confirm your subscription",
      blocks: [
        p(`Someone, hopefully you, asked to receive the ${newsletterName} at ${oneLine(s.email)}.`),
        p("Please confirm that you want to subscribe:"),
        { kind: "button", href: confirm, text: "Confirm my subscription" },
        p("We will not send you any newsletters until you confirm."),
        p(
          "If you did not sign up, please ignore this e-mail: you will not be subscribed and will not hear from us again.",
        ),
        p("Changed your mind? ", a(unsubscribe, "Cancel this request and unsubscribe"), "."),
        p(organisation.name, ", ", formatAddress(), ". ", a(siteLink(ctx), `Visit ${organisation.name} online`), "."),
      ],
    },
    {
      to,
      subject: subject(`Please confirm your subscription to the ${newsletterName}`, s.isTest),
      headers: unsubscribeHeaders(unsubscribe),
    },
  );
}

/** Sent once the subscription is confirmed. */
export function newsletterWelcomeEmail(s: NewsletterSignup, ctx: MailContext): OutgoingEmail {
  const to = address(s.email, "the subscriber's address");
  const unsubscribe = link(s.unsubscribeUrl, "the unsubscribe link");

  return compose(
    {
      title: `Welcome to the ${newsletterName}`,
      blocks: [
        p(`Thank you for confirming your subscription. ${oneLine(s.email)} is now on our mailing list.`),
        p(
          "You will receive practical insights on risk management, finance, strategy and sustainability, and news of our free guides, webinars and programmes.",
        ),
        p(
          "You can leave at any time: ",
          a(unsubscribe, "unsubscribe from the newsletter"),
          ". Every newsletter carries the same link.",
        ),
        p(organisation.name, ", ", formatAddress(), ". ", a(siteLink(ctx), `Visit ${organisation.name} online`), "."),
      ],
    },
    {
      to,
      subject: subject(`Welcome to the ${newsletterName}`, s.isTest),
      headers: unsubscribeHeaders(unsubscribe),
    },
  );
}

/** Tells the team a subscription was confirmed. */
export function newsletterTeamNotification(s: NewsletterSignup, ctx: MailContext): OutgoingEmail {
  return compose(
    {
      title: "Newsletter subscription confirmed",
      blocks: [
        ...testNotice(s.isTest),
        p(`${oneLine(s.email)} confirmed their subscription to the ${newsletterName}.`),
        h("Subscriber"),
        { kind: "fields", items: [["Email", oneLine(s.email)]] },
        ...leadFacts(s),
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      subject: subject(`Newsletter subscription confirmed: ${inSubject(s.email)}`, s.isTest),
    },
  );
}

// ---------------------------------------------------------------------------
// Webinar registration
// ---------------------------------------------------------------------------

/** [team notification, visitor confirmation] for a free webinar registration. */
export function webinarEmails(lead: WebinarRegistrationLead, ctx: MailContext): OutgoingEmail[] {
  const visitor = address(lead.email, "the visitor's address");
  const title = oneLine(lead.webinarTitle);
  const when = londonTime(lead.startsAt);
  const duration = minutes(lead.durationMinutes);
  const presenter = oneLine(lead.presenter);
  const name = oneLine(lead.name);

  const team = compose(
    {
      title: "New webinar registration",
      blocks: [
        ...testNotice(lead.isTest),
        p(`${name} from ${oneLine(lead.company)} registered for ${title}. Reply to this e-mail to write to them.`),
        h("Registration"),
        {
          kind: "fields",
          items: [
            ["Name", name],
            ["Email", oneLine(lead.email)],
            ["Company", oneLine(lead.company)],
            ["Webinar", title],
            ["Webinar id", oneLine(lead.webinarId)],
            ["Starts", when],
            ["Duration", duration],
            ["Presenter", presenter],
          ],
        },
        ...leadFacts(lead),
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      replyTo: visitor,
      subject: subject(
        `Webinar registration: ${inSubject(lead.name)}, ${inSubject(lead.company)} (${titleInSubject(lead.webinarTitle)})`,
        lead.isTest,
      ),
    },
  );

  const confirmation = compose(
    {
      title: "You are registered for our webinar",
      blocks: [
        p(`Dear ${name},`),
        p(`Thank you for registering for ${title}. Your place is confirmed, and the webinar is free.`),
        h("Session details"),
        {
          kind: "fields",
          items: [
            ["Webinar", title],
            ["Date and time", `${when} (London time)`],
            ["Duration", duration],
            ["Presenter", presenter],
          ],
        },
        p("We will e-mail your joining details before the session."),
        p(
          `If you can no longer attend, or have a question, write to us at ${organisation.email}. ${responsePromise()}`,
        ),
        ...contactDetails(ctx),
        notYou("webinar registration form", ctx),
      ],
    },
    { to: visitor, subject: subject(`You are registered: ${titleInSubject(lead.webinarTitle)}`, lead.isTest) },
  );

  return [team, confirmation];
}

// ---------------------------------------------------------------------------
// Paid consultation booking
// ---------------------------------------------------------------------------

function pounds(pence: number): string {
  return `£${(pence / 100).toLocaleString("en-GB", { minimumFractionDigits: pence % 100 ? 2 : 0 })}`;
}

/** [confirmation to the customer, notification to the team] once a booking is paid. */
export function bookingPaidEmails(booking: PaidBooking, ctx: MailContext): OutgoingEmail[] {
  const customer = address(booking.customerEmail, "the customer's address");
  const name = oneLine(booking.customerName);
  const what =
    booking.quantity === null
      ? "Test payment (£1.00)"
      : `${consultation.minutes}-minute strategy consultation for ${booking.quantity} participant${booking.quantity === 1 ? "" : "s"}`;
  const facts: [string, string][] = [
    ["Booking", what],
    ["Amount paid", pounds(booking.amountPence)],
    ["Paid", londonTime(booking.paidAt)],
    ["Booking reference", oneLine(booking.id)],
    ["Card payment reference", oneLine(booking.paymentIntentId)],
  ];

  const confirmation = compose(
    {
      title: "Your consultation is booked",
      blocks: [
        ...testNotice(booking.isTest),
        p(`Dear ${name},`),
        p(`Thank you for your payment. Your booking with ${organisation.name} is confirmed.`),
        { kind: "fields", items: facts },
        h("What happens next"),
        p(`Our team will contact you within ${promises.teamContactHours} hours to schedule your session.`),
        p("Before the session we will send you a short pre-consultation questionnaire, so we can use the hour well."),
        ...contactDetails(ctx),
      ],
    },
    { to: customer, subject: subject("Your consultation is booked", booking.isTest) },
  );

  const team = compose(
    {
      title: "New paid consultation booking",
      blocks: [
        ...testNotice(booking.isTest),
        p(
          `${name} has paid for a consultation. Please contact them within ${promises.teamContactHours} hours to schedule it.`,
        ),
        { kind: "fields", items: [["Name", name], ["Email", oneLine(booking.customerEmail)], ...facts] },
      ],
    },
    {
      to: address(ctx.teamEmail, "the team address"),
      replyTo: customer,
      subject: subject(
        `Paid booking: ${inSubject(booking.customerName)} (${pounds(booking.amountPence)})`,
        booking.isTest,
      ),
    },
  );
  return [confirmation, team];
}
