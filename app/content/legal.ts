/**
 * The three legal pages: privacy policy, terms of service and cookie policy.
 * Contact details come from `organisation`, prices and promises from
 * `business`, so a change there reaches these pages too.
 */
import { businessPromises, consultation, courseFacts, pricing, promises, support } from "./business.ts";
import { retentionNotice } from "./retention-periods.ts";
import { organisation, registeredOfficeText } from "./organisation.ts";
import { leadNoticeRows } from "../leads/kinds/index.ts";
import { orderNoticeRows } from "../orders/index.ts";
import type { LegalDocumentInput } from "./schema.ts";

const lastUpdated = "2026-11-21";

const org = organisation;
const site = org.siteUrl.replace(/^https?:\/\//, "");
const address = registeredOfficeText();
const gbp = (amount: number) => `£${amount.toLocaleString("en-GB")}`;
/** "3-4" becomes "3–4" for print. */
const range = (s: string) => s.replace("-", "–");

const coursePrice = gbp(pricing.coursePriceGbp);
const consultationPrice = gbp(pricing.consultationPerParticipantGbp);
const groupMin = pricing.groupDiscountMinParticipants;
const days = courseFacts.days;
const guaranteeDays = promises.moneyBackDays;

// ---------------------------------------------------------------------------
// Privacy policy
// ---------------------------------------------------------------------------

const kept = retentionNotice();

export const privacyPolicy = {
  path: "/privacy",
  title: "Privacy Policy",
  lastUpdated: "2026-11-28",
  intro: [
    `This policy explains what personal data ${org.legalName} collects through ${site} and when you deal with us. It says why we collect it, how long we keep it and what your rights are. It is written to meet the UK GDPR and the Data Protection Act 2018.`,
    "We collect only what we need to answer you, send you what you ask for and run our courses and consultations. We do not sell your data, and we use no advertising or analytics cookies.",
  ],
  sections: [
    {
      heading: "Who we are",
      paragraphs: [
        `${org.legalName} is the controller of your personal data. We are a company registered in ${org.registeredIn} under company number ${org.companyNumber}. Our registered office is at ${address}.`,
        `For any question about this policy or your data, e-mail ${org.privacyEmail}. You can also write to us at the address above, marked "Data protection".`,
        `The law does not require us to appoint a data protection officer. Messages to ${org.privacyEmail} go to the person at ${org.shortName} who is responsible for data protection.`,
      ],
    },
    {
      heading: "What we collect, why, and how long we keep it",
      paragraphs: [
        "The table below lists each kind of personal data we collect, why we use it, our lawful basis under the UK GDPR and how long we keep it. When a period ends, we delete the data or make it anonymous.",
        "We collect this data from you directly. We do not buy data about you or combine it with data from other sources.",
        "Fields marked with an asterisk on our forms are required. Without them we cannot deal with your request. Job title on the contact form is optional.",
        "Our team works each enquiry, request, registration and course booking in a staff area of this website that only they can sign in to. With it we record where it stands (for example, contacted or won), who in our team looks after it, and notes of our contact with you. These are kept with the enquiry, request, registration or booking and deleted with it, at the end of the period in the table below, or when you ask us to erase your data (even where we must keep a booking's invoice).",
      ],
      table: {
        caption: "Personal data we collect, why we use it, our lawful basis and how long we keep it",
        columns: ["What", "Why", "Lawful basis", "How long we keep it"],
        rows: [
          // Each lead kind's row, as the kind declares it (app/leads/kinds/).
          ...leadNoticeRows().map((row) => [row.what, row.why, row.basis, row.howLong]),
          // Each order kind's row, as the kind declares it (app/orders/).
          ...orderNoticeRows().map((row) => [row.what, row.why, row.basis, row.howLong]),
          [
            "Outgoing e-mail records: copies of the e-mails we queue for sending, such as confirmations, guides and replies, with their delivery status.",
            "To make sure our e-mails are delivered, and to resend one that failed.",
            "Legitimate interests in reliable communication with you.",
            kept.outbox,
          ],
          [
            "Messages to our team's own business tools: if our team connects this website to its customer-relationship or automation tools (by webhooks), a copy of each message we forward, with the details of your enquiry, sign-up or booking, and whether it arrived.",
            "So that our team can work your enquiry in the tools it uses, and send a message again if it did not arrive.",
            "Legitimate interests in handling your enquiry efficiently.",
            kept.webhooks,
          ],
          [
            "How you found us: when you send a form (a booking form too), the page you first opened on that visit, the website that linked to us (its domain only) and the campaign tags of the link you followed (utm_source, utm_medium, utm_campaign). Nothing is recorded if you object on our Cookie Policy page, or if JavaScript is off.",
            "To learn which pages and campaigns bring enquiries. We look at it in totals, and do not use it to profile you.",
            "Legitimate interests in understanding what brings enquiries. UK law allows keeping it in your browser during your visit for statistical purposes, as long as we tell you and you can object.",
            "As long as the enquiry, request, sign-up or booking it came with (the periods above).",
          ],
          [
            "Page views: how many times each page of our website is opened each day. We do not record your IP address, any identifier or anything else about you with it, and we leave out known search engines and other automated visitors.",
            "To see which pages are read, and which of them lead to enquiries.",
            "Legitimate interests in improving our website.",
            kept.pageViews,
          ],
          [
            "Server logs: your IP address, the date and time, the page requested (a booking, download or account set-up link without its code) and your browser type.",
            "To keep the website secure and to investigate faults and attacks.",
            "Legitimate interests in protecting our website and your data.",
            kept.logs,
          ],
          [
            "Forms refused as automated: when our spam checks refuse a form (a hidden field filled in, or a form sent faster than a person could), what was entered (for a course booking form, the booker's and delegates' details and billing address), the reason, the page, the time and a shortened form of your IP address.",
            "So that our team can check what was refused and accept a real enquiry our checks refused by mistake. An accepted one is then kept like any other. A refused course booking is only reviewed, never accepted: it holds no places, and the booker books again.",
            "Legitimate interests in protecting our forms without losing real enquiries.",
            kept.spam,
          ],
          [
            "Back-office security records: when someone tries to sign in to our staff area, the e-mail address they typed, their IP address and the time, whether or not they succeed; and a record of what our team does there (for example, who exported or deleted which records).",
            "To protect the data we hold about you from unauthorised access, and to show who did what with it.",
            "Legitimate interests in keeping your data secure, and our legal duty to protect it.",
            kept.security,
          ],
          [
            "Our team's accounts for the staff area (this concerns our staff, not visitors): name, work e-mail address and role (administrator, or what they may do: work leads, edit the site); the password, kept only as a one-way code (a hash); the key of their authenticator app; and, for each passkey they add, its public key, the name they gave it and when it was added and last used (a passkey's private key never leaves their device); and, for the site's content they edit, who saved, scheduled and published each version, and who uploaded each file (such as a guide's PDF), and when; and who saved each version of our business settings (the company details our invoices print), and when.",
            "So that only our team can sign in to the staff area, each with two factors, and so that we know who looked after which enquiry.",
            "Legitimate interests in keeping your data secure, and our legal duty to protect it.",
            kept.staffAccounts,
          ],
          [
            "Our trainers' profiles and the site's content history (this concerns our trainers and team, not visitors): each trainer's name, biography and portrait as shown on the site, and every version of the site's content our team publishes (with who published it and when), including the guide PDFs they upload.",
            "To present who teaches our courses, and to see or restore an earlier version of a page.",
            "Legitimate interests in presenting our courses and keeping the website accurate; for the trainers, also our contract with them.",
            kept.contentHistory,
          ],
          [
            "Abuse protection: your IP address, with a count of the forms sent from it.",
            "To limit repeated form submissions from one address (rate limiting) and stop automated abuse.",
            "Legitimate interests in protecting our website and our forms.",
            "For the length of the limit, 10 minutes. The count is kept in server memory or, when we run more than one server, in a shared store that clears expired counts within an hour.",
          ],
          [
            "Duplicate check: a fingerprint of each form you send. This is a one-way code (a hash) worked out from what you entered, from which the contents cannot be read back.",
            "To recognise a form sent twice by mistake, for example by a double click, so that we store it and answer it only once.",
            "Legitimate interests in keeping accurate records and not e-mailing you twice.",
            "10 minutes, then deleted within a day.",
          ],
          [
            "Your country, worked out from your request.",
            "To show prices in pounds sterling (GBP) or US dollars (USD).",
            "Legitimate interests in showing prices in a useful currency.",
            "Not stored.",
          ],
        ],
      },
    },
    {
      heading: "Our newsletter",
      paragraphs: [
        `We send our newsletter only to people who ask for it. After you enter your e-mail address, we send you a confirmation e-mail. You are subscribed only when you click the link in it. This is called double opt-in. If you do not confirm, we send you no newsletters, and after ${kept.newsletterPending} we delete your address and the link stops working.`,
        `Every newsletter has an unsubscribe link. You can also unsubscribe by e-mailing ${org.privacyEmail}. We stop sending as soon as you unsubscribe.`,
        "After you unsubscribe, we keep your e-mail address on a suppression list and use it for nothing else. If you want it removed as well, tell us. We will then have no way to stop a future sign-up with that address.",
        "Sending an enquiry, requesting a guide or registering for a webinar does not add you to the newsletter.",
      ],
    },
    {
      heading: "Card payments",
      paragraphs: [
        "When you pay for a consultation, you enter your card details in a payment form provided by Stripe. Your card details go straight to Stripe. They never reach our servers and we never see them.",
        "We receive only the amount and status of the payment. We store these with your name, your e-mail address and the number of participants.",
        "Stripe is our payment processor. For some purposes, such as preventing fraud and meeting its own legal duties, Stripe acts as an independent controller. Its privacy policy is at stripe.com/privacy.",
      ],
    },
    {
      heading: "Showing prices in your currency",
      paragraphs: [
        "We show course prices in pounds sterling (GBP). If you appear to be outside the United Kingdom, we show them in US dollars (USD) instead.",
        "To decide, our server reads the country your request comes from, based on your IP address. We use the country only. We do not store it and we do not link it to you. If the country cannot be worked out, we show GBP.",
      ],
    },
    {
      heading: "Who we share your data with",
      paragraphs: [
        "We share personal data only with the services listed below, and where the law requires it, for example with HMRC. Our accountants and other professional advisers may see our records under a duty of confidence.",
        `Our hosting provider, our e-mail delivery provider, Stripe and the business tools our team connects act as our processors. They may use your data only on our written instructions, under contracts that meet the UK GDPR, and not for their own purposes. E-mail ${org.privacyEmail} if you would like their names.`,
        "The services we use are:",
      ],
      list: [
        "Our hosting provider, which runs the website and stores our database and server logs.",
        "Our e-mail delivery provider, which sends our e-mails to you, including confirmations, guides and the newsletter.",
        "Stripe, which processes card payments for consultations.",
        "The customer-relationship and automation services our team uses to work enquiries, if our team connects them to this website. They receive the details of your enquiry, sign-up or booking, as our processors.",
        "A scheduling service, only if you choose to open our scheduler to book a call. It then receives what you enter into it directly, under its own privacy policy.",
        "A map provider, only if you choose to load the map on our contact page. It then receives your IP address, under its own privacy policy.",
      ],
    },
    {
      heading: "Transfers outside the UK",
      paragraphs: [
        "Some of our providers may process data outside the UK, for example in the European Economic Area or the United States. You can ask us which safeguard applies to a particular transfer.",
        "We allow a transfer only where one of these protects your data to UK standards:",
      ],
      list: [
        "UK adequacy regulations cover the destination. These cover the European Economic Area, and US companies certified under the UK Extension to the EU-US Data Privacy Framework.",
        "The provider has signed the ICO's International Data Transfer Agreement (IDTA) or the UK Addendum to the EU standard contractual clauses. We add any extra measures the transfer needs.",
      ],
    },
    {
      heading: "What we do not do",
      paragraphs: [
        "We do not sell, rent or trade your personal data. We do not share it with anyone for advertising.",
        "We make no decisions about you by purely automated means that have legal or similarly significant effects. We do not profile you.",
        "Our abuse protection may automatically refuse repeated form submissions from one IP address for a few minutes. This is a security measure with no lasting effect. If it blocks you by mistake, e-mail us.",
        "Our website and courses are for working professionals. We do not knowingly collect data from anyone under 18.",
      ],
    },
    {
      heading: "How we keep your data safe",
      paragraphs: [
        "The whole website uses an encrypted connection (HTTPS). Card details are handled by Stripe and never reach our servers.",
        "Only staff who need your data can reach it. Their access is protected by strong passwords and two-factor authentication.",
        "Every day we delete data, or make it anonymous, once it reaches the end of its period in the table above. Keeping less data for less time is part of keeping it safe.",
        "We back up our database every day and keep each backup for 14 days, so data we have deleted is gone from our backups 14 days later.",
        "If a breach is likely to put your rights at risk, we will report it to the ICO within 72 hours. If the risk to you is high, we will also tell you without undue delay.",
      ],
    },
    {
      heading: "Your rights",
      paragraphs: [
        "You have the rights listed below. Some apply only in certain situations. If one does not apply to your request, we will tell you why.",
        `To use any of them, e-mail ${org.privacyEmail} or write to our registered office. We may ask you to confirm your identity. We reply within one month. If a request is complex, we may take up to two more months, and we will tell you so within the first month. There is normally no charge.`,
      ],
      list: [
        "Access: ask for a copy of the personal data we hold about you.",
        "Rectification: ask us to correct data that is wrong or incomplete.",
        "Erasure: ask us to delete your data. We then delete everything we hold about your e-mail address, except three things the law, your own request or the security of our systems needs: records of paid bookings, which we must keep for the accounting period (we remove your e-mail address from them and keep your name, the amount and the dates); your e-mail address alone on our newsletter suppression list, so that we never e-mail you again; and the back-office security records of any attempt to sign in to our staff area with your address, which we keep for their 12 months to protect our accounts.",
        "Restriction: ask us to stop using your data, other than storing it, while a concern is resolved.",
        "Objection: object to our use of your data where we rely on legitimate interests. If you object to direct marketing, we will always stop.",
        "Portability: ask for the data you gave us under consent or a contract in a common, machine-readable format, or ask us to send it to another organisation.",
        "Withdraw consent: where we rely on consent, such as for the newsletter, withdraw it at any time. This does not affect what we did before you withdrew it.",
      ],
    },
    {
      heading: "Complaints",
      paragraphs: [
        `If you are unhappy with how we have handled your data, please tell us first at ${org.privacyEmail}. We will acknowledge your complaint within 30 days and tell you what we have done about it.`,
        "You also have the right to complain to the Information Commissioner's Office (ICO), the UK regulator for data protection. Visit ico.org.uk, call 0303 123 1113, or write to the Information Commissioner's Office, Wycliffe House, Water Lane, Wilmslow, Cheshire SK9 5AF.",
      ],
    },
    {
      heading: "Changes to this policy",
      paragraphs: [
        "We review this policy when our services or the law change. The date on this page shows when it last changed.",
        "If we make a significant change, such as using your data for a new purpose, we will tell you before it takes effect. Where we have your e-mail address, we will tell you by e-mail.",
      ],
    },
  ],
  seo: {
    title: `Privacy Policy | ${org.name}`,
    description:
      "What personal data we collect, why, the lawful basis, how long we keep it, who we share it with, and your rights under the UK GDPR.",
  },
} satisfies LegalDocumentInput;

// ---------------------------------------------------------------------------
// Terms of service
// ---------------------------------------------------------------------------

export const termsOfService = {
  path: "/terms",
  title: "Terms of Service",
  lastUpdated,
  intro: [
    `These terms apply when you use ${site} and when you book a course or a consultation with ${org.legalName}. Please read them before you book. By using the website or booking with us, you accept them.`,
    "Most of our clients are businesses. Where a term works differently for a consumer, meaning an individual booking for purposes outside their trade or profession, we say so. Nothing in these terms affects your statutory rights.",
  ],
  sections: [
    {
      heading: "About us",
      paragraphs: [
        `This website is run by ${org.legalName}, a company registered in ${org.registeredIn} under company number ${org.companyNumber}. Our registered office is at ${address}.`,
        `You can reach us by e-mail at ${org.legalContact.email} or by phone on ${org.legalContact.phone} (${promises.businessHours}, UK time). For bookings, e-mail ${org.bookingsEmail}.`,
      ],
    },
    {
      heading: "Using this website",
      paragraphs: [
        "You may use this website to find out about our courses and services, to contact us and to book with us.",
        "The content of the website is general information about our services. It is not professional advice. We work to keep it accurate and up to date, but we may change it at any time. We cannot promise that the website will always be available.",
        "We may update these terms. The version on this page when you book applies to that booking.",
        "Please do not misuse the website. In particular, do not:",
      ],
      list: [
        "try to gain unauthorised access to the website, its server or its data;",
        "send malicious code, or overload the website, for example with automated form submissions;",
        "submit false details, or another person's details without their permission;",
        "copy substantial parts of the website's content for commercial use.",
      ],
    },
    {
      heading: "Course bookings and prices",
      paragraphs: [
        `Every course is a ${days}-day programme, Monday to Friday. We deliver courses in person at our London training venues, live online, or at your own site, and we can customise them for your organisation. The list price is ${coursePrice} per person.`,
        `Prices are set in pounds sterling (GBP). If you are outside the UK, the website may also show a price in US dollars (USD). It is converted from GBP at a fixed rate and rounded to the nearest $${pricing.usdRounding}, so it is indicative only. We quote, invoice and charge in GBP.`,
        `We offer group discounts when ${groupMin} or more people from one organisation book together. We confirm the discount in your written quotation.`,
        `Please allow ${range(courseFacts.noticeWeeksStandard)} weeks' notice before your preferred start date for a standard course, and ${range(courseFacts.noticeWeeksCustom)} weeks for a customised programme. We need this time to schedule trainers and prepare materials. We will try to meet shorter deadlines, but we cannot promise to.`,
        "Your quotation or booking confirmation sets out the course, dates, delivery format, number of participants, total price and whether VAT applies. A booking is confirmed, and a contract formed, when we send you that confirmation by e-mail.",
      ],
    },
    {
      heading: "Consultation bookings",
      paragraphs: [
        `You can book a paid ${consultation.minutes}-minute strategy consultation on this website. The price is ${consultationPrice} per participant, for ${consultation.minParticipants} to ${consultation.maxParticipants} participants. The total is shown before you pay.`,
        `After payment you will receive a confirmation e-mail, usually within ${promises.confirmationEmailMinutes} minutes. Our team will contact you within ${promises.teamContactHours} hours to agree a time, and will send you a short questionnaire before the session.`,
        "The contract for a consultation is formed when your payment succeeds.",
      ],
    },
    {
      heading: "Payment",
      paragraphs: [
        "We take card payments through Stripe. Your card details go straight to Stripe. We never see or store them.",
        "We charge in pounds sterling (GBP). If your card is in another currency, your card provider sets the exchange rate and any fees.",
        "Consultations are paid in full when you book. For courses, your booking confirmation says how much is due and when.",
        "If a payment fails, no booking is made. You can try again or contact us.",
      ],
    },
    {
      heading: `Cancellations and our ${guaranteeDays}-day money-back guarantee`,
      paragraphs: [
        `Courses: if a participant cannot attend, you can send a colleague in their place. Tell us their name at ${org.bookingsEmail} before the course starts. If you cancel a course booking, any cancellation charges are those set out in your quotation. If your quotation sets none, we refund what you have paid in full.`,
        "Consultations: if you need to move your consultation, tell us before the agreed time and we will rearrange it. If you cancel before the consultation takes place, we refund the fee in full.",
        "If we have to cancel or postpone a course or consultation, you can choose a new date or a full refund.",
        `Every course carries our ${guaranteeDays}-day money-back guarantee. It works like this:`,
      ],
      list: [
        `If a participant attends all ${days} days of a course and is not satisfied, you can ask for a full refund of that participant's course fee.`,
        `Ask within ${guaranteeDays} days of the last day of the course, by e-mail to ${org.bookingsEmail}. You do not have to give a reason, although we welcome feedback.`,
        "Attending means taking part in every day, in person or online. If a participant misses part of a course because of a change we made, we still honour the guarantee.",
        `If illness or an emergency makes a participant miss a day, we offer a place on a later run of the same course so they can complete it. The ${guaranteeDays} days then run from the day they complete it.`,
        `We refund to the original payment method within ${businessPromises.moneyBack.refundWithinDays} days of your request.`,
      ],
    },
    {
      heading: "Your rights as a consumer",
      paragraphs: [
        `If you book as a consumer, you can cancel without giving a reason within 14 days of the day the contract is formed. This right comes from the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013. To cancel, tell us clearly by e-mail to ${org.bookingsEmail} or in writing. We refund you within 14 days of your cancellation.`,
        "If you ask us to start within those 14 days and then cancel, we may charge for the part of the service already provided. If we have provided the whole service within the 14 days at your express request, you can no longer cancel. We will tell you this before we start.",
        "The Consumer Rights Act 2015 also requires us to provide our services with reasonable care and skill. If we do not, you can ask us to put it right or, in some cases, to reduce the price.",
        "These rights do not apply to bookings made by a business. Business clients have the cancellation terms and the money-back guarantee set out above.",
      ],
    },
    {
      heading: "Course materials and intellectual property",
      paragraphs: [
        "We, or those who license material to us, own the copyright and other rights in our courses, course materials, guides, templates, models and this website.",
        "Participants may use course materials for their own learning and in their own organisation's work. Please do not share them outside your organisation, publish or sell them, or use them to run training of your own, without our written permission.",
        "Please do not record course sessions or consultations without our agreement.",
        "Access to the analytics software included with our courses is subject to the licence terms we give you with it.",
        "Anything your organisation shares with us, such as data used in a customised programme, remains yours. We use it only to deliver your course or consultation, and we keep it confidential.",
      ],
    },
    {
      heading: "Free guides and webinars",
      paragraphs: [
        "Our guides and webinars are free. They give general information and practical frameworks. They are not legal, accounting, tax, investment or other professional advice for your situation, so please take advice before you act on them.",
        "You may share a guide within your organisation, unchanged and with our name on it. Please do not publish or sell it.",
        "We may move or cancel a free webinar. If we do, we will tell registered attendees by e-mail.",
        "Our privacy policy explains how we use the details you give us when you request a guide or register for a webinar.",
      ],
    },
    {
      heading: "Links to other websites",
      paragraphs: [
        "This website may link to other websites, and our contact page can show a map from a third party. We do not control those websites and are not responsible for their content or their privacy practices. A link is not an endorsement.",
        "You may link to our home page, provided you do so fairly and lawfully and do not suggest any association with us that does not exist.",
      ],
    },
    {
      heading: "Our liability",
      paragraphs: [
        "Nothing in these terms limits our liability for death or personal injury caused by our negligence, or for fraud or fraudulent misrepresentation. Nor does it limit anything else the law does not allow us to limit or exclude.",
        "If you are a business: we are not liable for loss of profit, revenue, business, contracts or goodwill, or for any indirect or consequential loss. Our total liability for a booking is limited to the fees paid for it.",
        "If you are a consumer: we are responsible for foreseeable loss or damage you suffer because we broke these terms or failed to use reasonable care and skill. We are not responsible for loss that was not foreseeable when the contract was formed.",
        `We cannot guarantee the results your organisation achieves after a course. The outcome figures on our website describe past clients and are not a promise. The ${support.months} months of implementation support that follow each course are there to help you apply what you learned.`,
        "The content of this website is free general information. To the extent the law allows, we are not liable for loss caused by relying on it.",
      ],
    },
    {
      heading: "Governing law and disputes",
      paragraphs: [
        "If you have a problem, please contact us first. Most issues can be resolved quickly by e-mail or phone.",
        "These terms, and any dispute about them or about a booking, are governed by the law of England and Wales. The courts of England and Wales have jurisdiction.",
        "If you are a consumer living in Scotland or Northern Ireland, you may also bring proceedings in your local courts.",
      ],
    },
  ],
  seo: {
    title: `Terms of Service | ${org.name}`,
    description: `Terms for using our website and booking courses and consultations: prices, payment, cancellations, our ${guaranteeDays}-day money-back guarantee and your rights.`,
  },
} satisfies LegalDocumentInput;

// ---------------------------------------------------------------------------
// Cookie policy
// ---------------------------------------------------------------------------

export const cookiePolicy = {
  path: "/cookies",
  title: "Cookie Policy",
  lastUpdated: "2026-11-24",
  intro: [
    `This policy explains what ${site} stores on your device and why. In short: we set no advertising or analytics cookies, we load no third-party analytics tag, and our ordinary pages set no cookies at all.`,
    "Cookies are small text files that a website saves in your browser. Local storage is a similar store in your browser. The Privacy and Electronic Communications Regulations treat both in the same way, and so do we.",
  ],
  sections: [
    {
      heading: "No tracking",
      paragraphs: [
        "We do not use advertising cookies, analytics cookies or social media tracking. We do not load any third-party analytics tag, so no analytics company sees your visit, and nothing follows you from one visit to the next.",
        "If we ever want to add optional cookies, we will ask for your consent first, give you a real choice, and update this policy before we do.",
      ],
    },
    {
      heading: "Cookies on our pages",
      paragraphs: [
        "Our website sets no cookies when you browse its pages, read about our courses, request a guide or send us a form.",
        "Visitors have no accounts or logins, so there is no login cookie either.",
        "Our own team signs in to a staff area of the site, which visitors never see. Only there, two cookies are set, both strictly necessary: __Host-staff-session keeps a team member signed in (it ends with the sign-in session, at most 12 hours), and __Host-staff-csrf protects the staff area's forms from being sent by another website (it ends when the browser closes).",
      ],
    },
    {
      heading: "What we store in your browser",
      paragraphs: [
        "A flag in your browser's local storage records that our newsletter pop-up has been shown to you, so that it never appears again. It holds no personal data and no identifier, is never sent to us, and remains until you clear your browser's storage.",
        "How you found us, for the length of your visit: the page you first opened, the website that linked to us (its domain only, such as linkedin.com) and the campaign tags in the link you followed (utm_source, utm_medium and utm_campaign). It is kept in your browser's session storage, which the browser deletes when you close the tab; it holds no identifier and is not a cookie. It reaches us only if you send us a form, with that form, so that we can tell which pages and campaigns bring enquiries. UK law allows this for statistical purposes without asking first, as long as we tell you and you can object: use the button below. Your choice is remembered in local storage on this device.",
        "When you pay by card, the confirmation you see (such as 'Payment Successful') is kept in your browser's session storage for the moment it takes to open the next page, which shows it and deletes it at once. It holds no personal data and no identifier and is never sent to us; if that page is not opened within a minute it is not shown, and the browser deletes it when you close the tab.",
        "We store nothing else on your device.",
      ],
      control: "attribution-choice",
    },
    {
      heading: "Stripe cookies on payment pages",
      paragraphs: [
        "When you open our consultation payment page, we load Stripe's payment script so that you can pay by card. Stripe may then set the cookies below.",
        "They are strictly necessary to take your payment securely and to prevent fraud, so the law does not require your consent for them. They are set only if you visit a payment page.",
        "Stripe may also set cookies on its own domains, under its own cookie policy at stripe.com/legal/cookies-policy.",
      ],
      table: {
        caption: "Cookies Stripe may set on our payment pages",
        columns: ["Name", "Set by", "Purpose", "How long it lasts"],
        rows: [
          [
            "__stripe_mid",
            "Stripe",
            "Fraud prevention: recognises your browser across payments, so that Stripe can spot suspicious activity.",
            "1 year",
          ],
          ["__stripe_sid", "Stripe", "Fraud prevention: links the steps of a single payment session.", "30 minutes"],
        ],
      },
    },
    {
      heading: "Maps and scheduling: only when you ask",
      paragraphs: [
        "The map on our contact page does not load automatically. Until you choose to load it, your browser makes no contact with the map provider. When you do, the provider receives your IP address and may set its own cookies, under its own policy.",
        "The scheduling widget for booking a call works the same way. It loads from the scheduling service only when you open it.",
      ],
    },
    {
      heading: "How to clear or block cookies and storage",
      paragraphs: [
        "You can delete cookies and site data, including our local storage item, in your browser's settings. You can also block cookies altogether.",
        "If you block Stripe's cookies, card payment may not work. If you clear our local storage item, the newsletter pop-up may show once more.",
        "Private or incognito windows delete their cookies and storage when you close them.",
        "Browser menus change from time to time, and your browser's help pages have the current steps. At the time of writing:",
      ],
      list: [
        "Chrome: Settings > Privacy and security > Delete browsing data, or Site settings to manage one website.",
        "Edge: Settings > Privacy, search, and services > Clear browsing data.",
        "Firefox: Settings > Privacy & Security > Cookies and Site Data > Manage Data.",
        "Safari on a Mac: Safari > Settings > Privacy > Manage Website Data.",
        "Safari on an iPhone or iPad: Settings > Apps > Safari > Advanced > Website Data.",
      ],
    },
    {
      heading: "Changes and questions",
      paragraphs: [
        "If we change what we store on your device, we will update this policy and the date on this page before the change goes live.",
        `If you have a question, e-mail ${org.privacyEmail}. Our privacy policy explains how we handle your personal data.`,
      ],
    },
  ],
  seo: {
    title: `Cookie Policy | ${org.name}`,
    description:
      "We set no advertising or analytics cookies. One local storage item, and Stripe's fraud-prevention cookies on payment pages only.",
  },
} satisfies LegalDocumentInput;
