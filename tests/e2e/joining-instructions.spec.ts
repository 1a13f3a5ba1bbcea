/**
 * Joining instructions and the pre-course questionnaire (issue 41, ADR 082)
 * in Chromium, on a site of its own with a real SMTP server: a booker books
 * a place on a live online session by invoice and confirms it from their
 * inbox; the joining job (run here at the time its settings make it due)
 * e-mails the delegate their instructions; the delegate opens the
 * questionnaire from the e-mail's link, is told what is wrong with an answer
 * too long (400), answers, and a member of the team sees the answers on the
 * session's roster. The questionnaire page is scanned by axe at both widths
 * in each state; an unknown link is a 404. Bad input over HTTP (a NUL, an
 * answer too long, a file, JSON) is a 400, never a 5xx. The team then sets
 * the session's joining link in the content editor (told first who is sent
 * it): the delegate receives it with an update of their calendar invitation
 * (same UID, higher SEQUENCE) that carries it (ADR 085).
 */
import type { APIRequestContext } from "@playwright/test";
import ICAL from "ical.js";
import { startBookingSite } from "../support/booking-form.ts";
import { invitationIn } from "../support/calendar-invitation.ts";
import { newStaffInBrowser } from "../support/staff.ts";
import {
  delegateWithInstructions as instructed,
  joiningSessionKey as sessionKey,
  runJoiningJob as runJob,
  type SiteWithMail,
} from "../support/joining.ts";
import { axeViolations, expect, hydrate, publishAfterWarning, test, uniqueEmail } from "./fixtures.ts";

let site: SiteWithMail;

test.beforeAll(async ({ launcher }) => {
  test.setTimeout(60_000);
  site = await startBookingSite(launcher, "joining-instructions");
});

const runJoiningJob = () => runJob(site);
const delegateWithInstructions = (request: APIRequestContext, tag: string) => instructed(site, request, tag);

test("a delegate gets the joining instructions, answers the questionnaire, and the team sees it on the roster @desktop", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { path, text } = await delegateWithInstructions(page.request, "joining-delegate");
  expect(text).toContain("(London time)");
  expect(text).toContain("How to join");
  // The job again: nothing more.
  expect(await runJoiningJob()).toBe(0);

  await page.goto(`${site.baseURL}${path}`);
  await expect(page.getByRole("heading", { level: 2, name: "Your pre-course questionnaire" })).toBeVisible();
  // An answer too long: a 400 naming the field; what was typed stays.
  await page.getByLabel("Dietary needs").fill("x".repeat(501));
  await page.getByLabel("What do you want to get out of the course?").fill("Build a risk register the board reads");
  const refused = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Save my answers" }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByText('Keep "Dietary needs" to 500 characters or fewer')).toBeVisible();
  await expect(page.getByLabel("What do you want to get out of the course?")).toHaveValue(
    "Build a risk register the board reads",
  );

  // The next answers are typed at once, whether or not React has taken over the answer's page (ADR 086).
  await page.getByLabel("Dietary needs").fill("Vegetarian");
  await page.getByLabel("Your experience of the subject so far").fill("Two years as a risk analyst");
  await page.getByLabel(/^Access needs/).fill("A step-free route to the room");
  await page.getByRole("button", { name: "Save my answers" }).click();
  await expect(page.getByRole("status").filter({ hasText: "your answers are saved" })).toBeVisible();
  await expect(page.getByLabel("Dietary needs")).toHaveValue("Vegetarian");

  // The team: the session's roster shows the answers.
  await newStaffInBrowser(page, site, { email: uniqueEmail("joining-member"), name: "Rosa Ster", role: "leads" });
  await page.goto(`${site.baseURL}/admin/sessions/${sessionKey}`);
  const roster = page.getByRole("table", { name: "Delegates on this session" });
  const row = roster.getByRole("row").filter({ hasText: "Build a risk register the board reads" });
  await expect(row).toContainText("Two years as a risk analyst");
  await expect(row).toContainText("A step-free route to the room");
  await expect(row).toContainText("Vegetarian");
  await expect(row).toContainText("Katherine Johnson");
  expect(await axeViolations(page)).toEqual([]);
});

test("the questionnaire has no WCAG 2.2 AA violations, empty, with a message and saved; an unknown link is a 404 @both-widths", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { path } = await delegateWithInstructions(page.request, "joining-axe");
  await page.goto(`${site.baseURL}${path}`);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Your experience of the subject so far").fill("y".repeat(2001));
  await page.getByRole("button", { name: "Save my answers" }).click();
  await expect(
    page.getByText('Keep "Your experience of the subject so far" to 2,000 characters or fewer'),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Your experience of the subject so far").fill("Some");
  await page.getByRole("button", { name: "Save my answers" }).click();
  await expect(page.getByRole("status").filter({ hasText: "your answers are saved" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const unknown = await page.goto(`${site.baseURL}/joining/${"A".repeat(43)}`);
  expect(unknown?.status()).toBe(404);
});

test("the questionnaire answers bad input with a 4xx, never a 5xx, and keeps the answers as they were @desktop", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { path } = await delegateWithInstructions(page.request, "joining-bad-input");
  const post = (options: Parameters<typeof page.request.post>[1]) =>
    page.request.post(`${site.baseURL}${path}`, { maxRedirects: 0, ...options });
  expect((await post({ form: { objectives: "Kept answer" } })).status()).toBe(303);
  const refusals: [string, Parameters<typeof page.request.post>[1], number][] = [
    ["a NUL character", { form: { objectives: "a\u0000b" } }, 400],
    ["an answer too long", { form: { accessNeeds: "z".repeat(1001) } }, 400],
    [
      "a file for an answer",
      { multipart: { experience: { name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("x") } } },
      400,
    ],
    ["JSON", { data: { objectives: "json" } }, 400],
  ];
  for (const [what, options, status] of refusals) expect((await post(options)).status(), what).toBe(status);
  const unknown = await page.request.post(`${site.baseURL}/joining/${"B".repeat(43)}`, {
    form: { objectives: "x" },
    maxRedirects: 0,
  });
  expect(unknown.status()).toBe(404);
  await page.goto(`${site.baseURL}${path}`);
  await expect(page.getByLabel("What do you want to get out of the course?")).toHaveValue("Kept answer");
});

test("the team sets the session's joining link: a delegate sent the instructions receives it, with a calendar update carrying it @desktop", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email, text } = await delegateWithInstructions(page.request, "joining-link");
  expect(text).toContain("We will e-mail you the joining link before the first day.");
  const invited = invitationIn(await site.mailbox.waitForEmail(email, { subject: /^Joining details: / }));

  const link = `https://meet.example/j/${Date.now()}?pwd=a1,b2`;
  await newStaffInBrowser(page, site, { email: uniqueEmail("joining-editor"), name: "Cleo Links", role: "site" });
  await page.goto(`${site.baseURL}/admin/content/session/${sessionKey}`);
  await hydrate(page);
  await page.getByLabel(/^Joining link/).fill(link);
  await publishAfterWarning(
    page,
    "A new joining link is e-mailed at once to each delegate already sent their joining instructions",
  );

  const told = await site.mailbox.waitForEmail(email, { subject: /^New joining link: Enterprise Risk Management/ });
  expect(told.text).toContain(`Join each day from this link, a few minutes before the start: ${link}`);
  expect(invitationIn(told)).toMatchObject({ method: "REQUEST", uid: invited.uid, sequence: 1 });
  const file = told.attachments.find((a) => a.mimeType.startsWith("text/calendar"))!;
  const event = new ICAL.Component(ICAL.parse(file.content)).getFirstSubcomponent("vevent")!;
  expect(event.getFirstPropertyValue("location")).toBe(link);
  expect(String(event.getFirstPropertyValue("description"))).toContain(link);
  expect(event.getFirstPropertyValue("url")).toBe(`${site.baseURL}/courses/risk-management`);
});
