import { describe, expect, it } from "vitest";
import { withCredentials, withCredentialsInHeaders } from "~/mail/outbox-rules.ts";
import { promises } from "~/content/business.ts";
import { organisation } from "~/content/organisation.ts";
import { releaseSiteFacts } from "~/content/site-facts.ts";
import { type ContactLead, contactEmails } from "~/leads/kinds/contact.server.ts";
import { type GuideRequestLead, guideRequestEmails } from "~/leads/kinds/guide-request.server.ts";
import {
  newsletterConfirmationEmail,
  type NewsletterSignup,
  newsletterTeamNotification,
  newsletterWelcomeEmail,
} from "~/leads/kinds/newsletter.server.ts";
import { type ResourceDownloadLead, resourceDownloadEmails } from "~/leads/kinds/resource-download.server.ts";
import { type WebinarRegistrationLead, webinarEmails } from "~/leads/kinds/webinar-registration.server.ts";
import { escapeHtml, singleLine, SUBJECT_MAX } from "~/mail/compose.server.ts";
import { siteCalendar } from "~/calendar/business-hours.ts";
import type { MailContext, OutgoingEmail } from "~/mail/types.ts";

const ctx: MailContext = {
  siteUrl: "https://www.meridian-executive.co.uk",
  teamEmail: "team@meridian-executive.co.uk",
  calendar: siteCalendar(),
};

const facts = {
  id: "lead_01HZX3",
  // 13:30 UTC in June is 14:30 in London (BST).
  createdAt: "2025-06-02T13:30:00.000Z",
  sourcePage: "/contact",
  consentText: "I agree to Meridian Executive Training storing my details to answer my enquiry.",
  isTest: false,
};
const receivedLondon = "Monday, 2 June 2025 at 14:30 BST";

const contact: ContactLead = {
  ...facts,
  name: "Jane Smith",
  email: "jane.smith@example.com",
  phone: "+44 20 7946 0000",
  company: "Acme Holdings",
  jobTitle: "Head of Risk",
  serviceInterest: "risk-grc",
  serviceInterestLabel: "Risk Management & GRC",
  message: "We would like a programme for 10 managers.\nIdeally in the autumn.",
  preferredContact: "phone",
};

const guide: GuideRequestLead = {
  ...facts,
  sourcePage: "/guides/enterprise-risk-management",
  first_name: "Sam",
  last_name: "Patel",
  email: "sam.patel@example.com",
  company: "Northwind Ltd",
  guide_name: "enterprise-risk-management",
  guideTitle: "Ultimate Guide to Enterprise Risk Management",
  downloadUrl: "https://www.meridian-executive.co.uk/downloads/withheld-credential-download-link",
  downloadToken: "tok_abc123",
};

const resource: ResourceDownloadLead = {
  ...facts,
  sourcePage: "/",
  email: "reader@example.com",
  resourceId: "finance-toolkit",
  guideTitle: "Financial Analysis Toolkit for Business Leaders",
  downloadUrl: "https://www.meridian-executive.co.uk/downloads/withheld-credential-download-link",
  downloadToken: "tok_xyz789",
};

const signup: NewsletterSignup = {
  ...facts,
  sourcePage: "/about",
  email: "subscriber@example.com",
  confirmUrl:
    "https://www.meridian-executive.co.uk/newsletter/confirm?token=withheld-credential-newsletter-confirm-link",
  unsubscribeUrl:
    "https://www.meridian-executive.co.uk/newsletter/unsubscribe?token=withheld-credential-newsletter-unsubscribe-link",
  tokens: { confirm: "c0nf1rm", unsubscribe: "uns_456" },
};

const webinar: WebinarRegistrationLead = {
  ...facts,
  sourcePage: "/resources",
  webinarId: "supplier-tiering-third-party-risk",
  name: "Alex Brown",
  email: "alex.brown@example.com",
  company: "Globex plc",
  webinarTitle: "Third-Party Risk: Building a Supplier Tiering Model That Works",
  startsAt: "2027-02-10T12:30:00+00:00",
  durationMinutes: 60,
  presenter: "David Okafor",
};

/** The HTML part's visible text, roughly (tags dropped, entities decoded). */
function htmlText(html: string): string {
  return (
    html
      .replace(/<br>/g, "\n")
      // A definition list reads "Label: value".
      .replace(/<\/dt>/g, ":")
      .replace(/<[^>]+>/g, " ")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
  );
}

/** Both parts contain `text` (HTML after decoding). */
function expectBoth(email: OutgoingEmail, ...texts: string[]) {
  const html = htmlText(email.html);
  const text = email.text.replace(/\s+/g, " ");
  for (const t of texts) {
    const flat = t.replace(/\s+/g, " ");
    expect(text, `text part lacks ${t}`).toContain(flat);
    expect(html, `HTML part lacks ${t}`).toContain(flat);
  }
}

function expectWellFormed(email: OutgoingEmail) {
  expect(email.text.length).toBeGreaterThan(0);
  expect(email.html).toMatch(/^<!DOCTYPE html>/);
  expect(email.html).toContain('<html lang="en-GB">');
  expect(email.html).toContain('<meta name="viewport"');
  expect(email.html).toMatch(/<h1[^>]*>/);
  expect(email.html).not.toContain("<table");
  expect(email.subject).not.toMatch(/[\r\n]/);
  for (const value of Object.values(email.headers ?? {})) expect(value).not.toMatch(/[\r\n]/);
  // Every link is absolute.
  for (const [, href] of email.html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(https?:\/\/|mailto:)/);
}

const all = () => [
  ...contactEmails(contact, ctx),
  ...guideRequestEmails(guide, ctx),
  ...resourceDownloadEmails(resource, ctx),
  newsletterConfirmationEmail(signup, ctx),
  newsletterWelcomeEmail(signup, ctx),
  newsletterTeamNotification(signup, ctx),
  ...webinarEmails(webinar, ctx),
];

describe("helpers", () => {
  it("escapes HTML special characters", () => {
    expect(escapeHtml(`<script>alert("x") & 'y'</script>`)).toBe(
      "&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;",
    );
    expect(escapeHtml(undefined)).toBe("");
  });

  it("makes one clean, bounded line", () => {
    expect(singleLine("  Jane\r\nBcc: victim@example.com\tx\u0000y  ", 150)).toBe("Jane Bcc: victim@example.com x y");
    expect(singleLine("a\u2028b\u0085c\u202ed", 150)).toBe("a b c d");
    const cut = singleLine("x".repeat(500), 150);
    expect(Array.from(cut)).toHaveLength(150);
    expect(cut.endsWith("…")).toBe(true);
    expect(singleLine("short", 150)).toBe("short");
    // Never splits a surrogate pair.
    expect(singleLine("😀".repeat(10), 5)).toBe("😀😀😀😀…");
  });
});

describe("every message", () => {
  it("has a text and an accessible, phone-friendly HTML part with absolute links", () => {
    const emails = all();
    expect(emails).toHaveLength(11);
    for (const email of emails) expectWellFormed(email);
  });

  it("is pure: the same input gives the same output", () => {
    expect(all()).toStrictEqual(all());
  });

  it("to the team links to the lead's page in the back office; to a visitor never does", () => {
    for (const email of all()) {
      const link = `${ctx.siteUrl}/admin/leads/`;
      if (email.to === ctx.teamEmail) {
        expect(email.text, email.subject).toMatch(new RegExp(`${link}[\\w-]+`));
        expect(email.html, email.subject).toContain(`href="${link}`);
      } else {
        expect(email.text + email.html, email.subject).not.toContain("/admin");
      }
    }
  });
});

/** What every notification to the team ends with: where and when the lead came, its id, and the consent given. */
const leadFacts = (lead: { sourcePage: string; consentText: string }) => [
  `Source page: ${lead.sourcePage}`,
  `Received: ${receivedLondon}`,
  "Lead id: lead_01HZX3",
  lead.consentText,
];

// 12:30 UTC in February is 12:30 in London (GMT).
const webinarStartsLondon = "Wednesday, 10 February 2027 at 12:30 GMT";

describe("the team's notification of a lead", () => {
  it.each([
    {
      kind: "contact",
      team: contactEmails(contact, ctx)[0]!,
      lead: contact,
      subject: "New enquiry: Jane Smith, Acme Holdings (Risk Management & GRC)",
      fields: [
        "Name: Jane Smith",
        "Email: jane.smith@example.com",
        "Phone: +44 20 7946 0000",
        "Company: Acme Holdings",
        "Job title: Head of Risk",
        "Area of interest: Risk Management & GRC",
        "Preferred contact: Phone",
        "We would like a programme for 10 managers.",
        "Ideally in the autumn.",
      ],
    },
    {
      kind: "guide request",
      team: guideRequestEmails(guide, ctx)[0]!,
      lead: guide,
      subject: "Guide request: Sam Patel, Northwind Ltd (Ultimate Guide to Enterprise Risk Management)",
      fields: [
        "First name: Sam",
        "Last name: Patel",
        "Email: sam.patel@example.com",
        "Company: Northwind Ltd",
        "Guide: Ultimate Guide to Enterprise Risk Management",
        "Guide id: enterprise-risk-management",
      ],
    },
    {
      kind: "resource download",
      team: resourceDownloadEmails(resource, ctx)[0]!,
      lead: resource,
      subject: "Resource download: reader@example.com (Financial Analysis Toolkit for Business Leaders)",
      fields: [
        "Email: reader@example.com",
        "Resource: Financial Analysis Toolkit for Business Leaders",
        "Resource id: finance-toolkit",
      ],
    },
    {
      kind: "webinar registration",
      team: webinarEmails(webinar, ctx)[0]!,
      lead: webinar,
      subject:
        "Webinar registration: Alex Brown, Globex plc (Third-Party Risk: Building a Supplier Tiering Model That Works)",
      fields: [
        "Name: Alex Brown",
        "Email: alex.brown@example.com",
        "Company: Globex plc",
        `Webinar: ${webinar.webinarTitle}`,
        "Webinar id: supplier-tiering-third-party-risk",
        `Starts: ${webinarStartsLondon}`,
        "Duration: 60 minutes",
        "Presenter: David Okafor",
      ],
    },
  ])("of a $kind goes to the team, replies to the visitor and lists every field", ({ team, lead, subject, fields }) => {
    expect(team.to).toBe(ctx.teamEmail);
    expect(team.replyTo).toBe(lead.email);
    expect(team.subject).toBe(subject);
    expectBoth(team, ...fields, ...leadFacts(lead));
  });
});

describe("the visitor's download e-mail", () => {
  it.each([
    {
      kind: "guide request",
      visitor: guideRequestEmails(guide, ctx)[1]!,
      lead: guide,
      subject: "Your guide: Ultimate Guide to Enterprise Risk Management",
      texts: [
        "Dear Sam",
        "Download Ultimate Guide to Enterprise Risk Management",
        "personal to you",
        promises.contactResponse,
        promises.businessHours,
      ],
    },
    {
      kind: "resource download",
      visitor: resourceDownloadEmails(resource, ctx)[1]!,
      lead: resource,
      subject: "Your download: Financial Analysis Toolkit for Business Leaders",
      texts: ["Download Financial Analysis Toolkit for Business Leaders"],
    },
  ])("for a $kind carries the download link", ({ visitor, lead, subject, texts }) => {
    expect(visitor.to).toBe(lead.email);
    expect(visitor.subject).toBe(subject);
    expect(visitor.text).toContain(lead.downloadUrl);
    expect(visitor.html).toContain(`href="${lead.downloadUrl}"`);
    // The token is handed to the outbox to keep sealed, not written in the text.
    expect(visitor.secrets).toStrictEqual({ "download-link": lead.downloadToken });
    expect(JSON.stringify([visitor.text, visitor.html])).not.toContain(lead.downloadToken);
    expectBoth(visitor, ...texts);
  });
});

describe("contactEmails", () => {
  const [team, visitor] = contactEmails(contact, ctx) as [OutgoingEmail, OutgoingEmail];

  it("says when the answer is due: 24 business hours, London time, bank holidays as configured", () => {
    // Monday 2 June 2025, 14:30 BST: 3 h that day, 8.5 h on Tuesday, Wednesday and 4 h on Thursday.
    expectBoth(team, "Answer by: Thursday, 5 June 2025 at 13:00 BST (24 business hours after receipt)");
    // A Friday at 16:00 GMT: 1.5 h, then Monday and Tuesday, and 5.5 h on Wednesday;
    // with Monday a holiday (BANK_HOLIDAYS), Thursday.
    const friday = { ...contact, createdAt: "2026-11-27T16:00:00.000Z" };
    const [plain] = contactEmails(friday, ctx) as [OutgoingEmail];
    expectBoth(plain, "Answer by: Wednesday, 2 December 2026 at 14:30 GMT");
    const holiday = { ...ctx, calendar: siteCalendar(["2026-11-30"]) };
    const [withHoliday] = contactEmails(friday, holiday) as [OutgoingEmail];
    expectBoth(withHoliday, "Answer by: Thursday, 3 December 2026 at 14:30 GMT");
  });

  it("says 'not given' for a missing job title", () => {
    const [noTitle] = contactEmails({ ...contact, jobTitle: undefined }, ctx) as [OutgoingEmail];
    expectBoth(noTitle, "Job title: not given");
    const [blank] = contactEmails({ ...contact, jobTitle: "" }, ctx) as [OutgoingEmail];
    expectBoth(blank, "Job title: not given");
  });

  it("acknowledges the visitor with the response promise, their message and our details", () => {
    expect(visitor.to).toBe(contact.email);
    expect(visitor.replyTo).toBeUndefined();
    expect(visitor.subject).toBe("We have received your enquiry");
    expectBoth(
      visitor,
      "Dear Jane Smith",
      "respond within 24 business hours",
      promises.contactResponse,
      promises.businessHours,
      "Monday-Friday 9:00 AM - 5:30 PM",
      "We would like a programme for 10 managers.",
      releaseSiteFacts.contact.email,
      releaseSiteFacts.contact.phone,
      releaseSiteFacts.contact.address.postcode,
    );
  });

  it("echoes the preferred contact method", () => {
    expectBoth(visitor, "by phone", contact.phone);
    const [, byEmail] = contactEmails({ ...contact, preferredContact: "email" }, ctx) as [OutgoingEmail, OutgoingEmail];
    expectBoth(byEmail, "by email", contact.email);
  });

  it("marks test submissions", () => {
    const [t, v] = contactEmails({ ...contact, isTest: true }, ctx) as [OutgoingEmail, OutgoingEmail];
    expect(t.subject).toBe("[TEST] New enquiry: Jane Smith, Acme Holdings (Risk Management & GRC)");
    expect(v.subject).toBe("[TEST] We have received your enquiry");
    expectBoth(t, "test submission");
  });

  it("escapes <script> and & in the name and message", () => {
    const evil = {
      ...contact,
      name: `<script>alert("n")</script> & Co`,
      message: `Hello <script>alert('m')</script> & <img src=x onerror=alert(1)>`,
    };
    for (const email of contactEmails(evil, ctx)) {
      expect(email.html).not.toContain("<script");
      expect(email.html).not.toContain("<img");
      expect(email.html).toContain("&lt;script&gt;alert(&quot;n&quot;)&lt;/script&gt; &amp; Co");
      expect(email.html).toContain(
        "Hello &lt;script&gt;alert(&#39;m&#39;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;",
      );
      // The plain-text part keeps the visitor's words as they are.
      expect(email.text).toContain(`Hello <script>alert('m')</script> & <img`);
    }
  });

  it("never lets CR/LF in the name reach the subject or forge a field", () => {
    const evil = { ...contact, name: "Jane\r\nBcc: victim@example.com\r\n\r\nInjected", company: "Acme\nX-Evil: 1" };
    const [t] = contactEmails(evil, ctx) as [OutgoingEmail];
    expect(t.subject).not.toMatch(/[\r\n]/);
    expect(t.subject).toBe(
      "New enquiry: Jane Bcc: victim@example.com Injected, Acme X-Evil: 1 (Risk Management & GRC)",
    );
    expect(t.text).not.toMatch(/^Bcc:/m);
    expect(t.text).not.toMatch(/^X-Evil:/m);
    expect(t.text).toContain("Name: Jane Bcc: victim@example.com Injected\n");
  });

  it("truncates long values in the subject", () => {
    const long = { ...contact, name: "N".repeat(400), company: "C".repeat(400), serviceInterestLabel: "L".repeat(400) };
    const [t] = contactEmails(long, ctx) as [OutgoingEmail];
    expect(Array.from(t.subject).length).toBeLessThanOrEqual(SUBJECT_MAX);
    expect(t.subject).toContain("…");
    expect(t.subject.startsWith("New enquiry: NNN")).toBe(true);
    // The body keeps the whole value.
    expect(t.text).toContain("N".repeat(400));
    const [tt] = contactEmails({ ...long, isTest: true }, ctx) as [OutgoingEmail];
    expect(tt.subject.startsWith("[TEST] New enquiry: ")).toBe(true);
    expect(Array.from(tt.subject).length).toBeLessThanOrEqual(SUBJECT_MAX + "[TEST] ".length);
  });

  it("refuses a visitor address that would inject headers or add recipients", () => {
    expect(() => contactEmails({ ...contact, email: "jane@example.com\r\nBcc: victim@example.com" }, ctx)).toThrow();
    expect(() => contactEmails({ ...contact, email: "jane@example.com, victim@example.com" }, ctx)).toThrow();
    expect(() => contactEmails({ ...contact, email: "Jane <jane@example.com>" }, ctx)).toThrow();
  });
});

describe("guideRequestEmails", () => {
  it("marks test requests and escapes visitor values", () => {
    const [t, v] = guideRequestEmails({ ...guide, isTest: true, first_name: "<b>Sam</b> & co" }, ctx) as [
      OutgoingEmail,
      OutgoingEmail,
    ];
    expect(t.subject.startsWith("[TEST] Guide request: ")).toBe(true);
    expect(v.subject.startsWith("[TEST] Your guide: ")).toBe(true);
    expect(v.html).toContain("&lt;b&gt;Sam&lt;/b&gt; &amp; co");
    expect(v.html).not.toContain("<b>Sam");
  });

  it("refuses a download link that is not an absolute http(s) address", () => {
    expect(() => guideRequestEmails({ ...guide, downloadUrl: "/downloads/x" }, ctx)).toThrow();
    expect(() => guideRequestEmails({ ...guide, downloadUrl: "javascript:alert(1)" }, ctx)).toThrow();
  });
});

describe("resourceDownloadEmails", () => {
  it("marks test requests", () => {
    for (const email of resourceDownloadEmails({ ...resource, isTest: true }, ctx)) {
      expect(email.subject.startsWith("[TEST] ")).toBe(true);
    }
  });
});

describe("newsletter", () => {
  const confirmation = newsletterConfirmationEmail(signup, ctx);
  const welcome = newsletterWelcomeEmail(signup, ctx);
  const team = newsletterTeamNotification(signup, ctx);

  it("asks for confirmation (double opt-in)", () => {
    expect(confirmation.to).toBe(signup.email);
    expect(confirmation.replyTo).toBeUndefined();
    expect(confirmation.subject).toBe(`Please confirm your subscription to the ${organisation.name} newsletter`);
    expect(confirmation.text).toContain(signup.confirmUrl);
    expect(confirmation.html).toContain(`href="${escapeHtml(signup.confirmUrl)}"`);
    expectBoth(
      confirmation,
      "Confirm my subscription",
      "We will not send you any newsletters until you confirm.",
      "If you did not sign up, please ignore this e-mail",
    );
  });

  it("welcomes the subscriber after confirmation", () => {
    expect(welcome.to).toBe(signup.email);
    expect(welcome.subject).toBe(`Welcome to the ${organisation.name} newsletter`);
    expectBoth(welcome, "Thank you for confirming your subscription");
    expect(welcome.text).not.toContain(signup.confirmUrl);
  });

  it("hands the outbox the tokens each e-mail's links need, to keep sealed", () => {
    expect(confirmation.secrets).toStrictEqual({
      "newsletter-confirm-link": signup.tokens.confirm,
      "newsletter-unsubscribe-link": signup.tokens.unsubscribe,
    });
    expect(welcome.secrets).toStrictEqual({ "newsletter-unsubscribe-link": signup.tokens.unsubscribe });
    expect(team.secrets).toBeUndefined();
    // As the outbox sends them: the tokens in the text and the one-click header.
    for (const email of [confirmation, welcome]) {
      expect(withCredentials(email.text, email.secrets!)).toContain(
        "https://www.meridian-executive.co.uk/newsletter/unsubscribe?token=uns_456",
      );
      expect(withCredentialsInHeaders(email.headers!, email.secrets!)).toStrictEqual({
        "List-Unsubscribe": "<https://www.meridian-executive.co.uk/newsletter/unsubscribe?token=uns_456>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    }
    expect(withCredentials(confirmation.text, confirmation.secrets!)).toContain("/newsletter/confirm?token=c0nf1rm");
  });

  it("carries the unsubscribe link and one-click headers on both subscriber e-mails", () => {
    for (const email of [confirmation, welcome]) {
      expect(email.text).toContain(signup.unsubscribeUrl);
      expect(email.html).toContain(`href="${escapeHtml(signup.unsubscribeUrl)}"`);
      expect(email.headers).toStrictEqual({
        "List-Unsubscribe": `<${signup.unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    }
  });

  it("keeps headers single-line even with a hostile unsubscribe link", () => {
    const evil = { ...signup, unsubscribeUrl: "https://www.meridian-executive.co.uk/u?t=a\r\nBcc: x@example.com>" };
    const email = newsletterConfirmationEmail(evil, ctx);
    const header = email.headers?.["List-Unsubscribe"] ?? "";
    expect(header).not.toMatch(/[\r\n\s]/);
    expect(header.match(/>/g)).toHaveLength(1);
  });

  it("tells the team a subscription was confirmed", () => {
    expect(team.to).toBe(ctx.teamEmail);
    expect(team.subject).toBe("Newsletter subscription confirmed: subscriber@example.com");
    expectBoth(team, "Email: subscriber@example.com", ...leadFacts(signup));
  });

  it("marks test signups", () => {
    const t = { ...signup, isTest: true };
    expect(newsletterConfirmationEmail(t, ctx).subject.startsWith("[TEST] Please confirm")).toBe(true);
    expect(newsletterWelcomeEmail(t, ctx).subject.startsWith("[TEST] Welcome")).toBe(true);
    expect(newsletterTeamNotification(t, ctx).subject.startsWith("[TEST] Newsletter subscription confirmed")).toBe(
      true,
    );
  });
});

describe("webinarEmails", () => {
  const [team, visitor] = webinarEmails(webinar, ctx) as [OutgoingEmail, OutgoingEmail];

  it("confirms the registration to the visitor with the session details", () => {
    expect(visitor.to).toBe(webinar.email);
    expect(visitor.subject).toBe(`You are registered: ${webinar.webinarTitle}`);
    expectBoth(
      visitor,
      "Dear Alex Brown",
      webinar.webinarTitle,
      `${webinarStartsLondon} (London time)`,
      "Duration: 60 minutes",
      "Presenter: David Okafor",
      "We will e-mail your joining link before the session. We will also send you a reminder the day before and an hour before it starts.",
    );
  });

  it("attaches the session as a calendar invitation; the team's notification has none", () => {
    expect(visitor.attachments?.map((a) => a.filename)).toEqual(["webinar.ics"]);
    expect(visitor.attachments![0]!.content).toContain("DTSTART:20270210T123000Z");
    expect(team.attachments).toBeUndefined();
  });

  it("gives the joining link once it is set (WEBINAR_JOIN_URLS)", () => {
    const withLink = { ...ctx, webinarJoinUrls: { [webinar.webinarId]: "https://meet.example.com/j/42" } };
    const [, v] = webinarEmails(webinar, withLink) as [OutgoingEmail, OutgoingEmail];
    expectBoth(v, "https://meet.example.com/j/42", "Join the webinar");
    expect(v.text).not.toContain("We will e-mail your joining link");
  });

  it("shows a summer session in British Summer Time", () => {
    const [, v] = webinarEmails({ ...webinar, startsAt: "2027-06-09T12:30:00+01:00" }, ctx) as [
      OutgoingEmail,
      OutgoingEmail,
    ];
    expectBoth(v, "Wednesday, 9 June 2027 at 12:30 BST");
  });

  it("marks test registrations and escapes the name", () => {
    const [t, v] = webinarEmails({ ...webinar, isTest: true, name: "<script>x</script> & Partners" }, ctx) as [
      OutgoingEmail,
      OutgoingEmail,
    ];
    expect(t.subject.startsWith("[TEST] Webinar registration: ")).toBe(true);
    expect(v.subject.startsWith("[TEST] You are registered: ")).toBe(true);
    for (const email of [t, v]) {
      expect(email.html).not.toContain("<script");
      expect(email.html).toContain("&lt;script&gt;x&lt;/script&gt; &amp; Partners");
    }
  });
});
