/**
 * The back office in Chromium, at both widths: the first administrator set
 * up from the command line, sign-in with both factors, invitations by
 * e-mail, administrators and members with permissions (what each sees, and
 * changing them), and every page's accessibility.
 */
import {
  inviteFromCommandLine,
  setUpInBrowser as setUp,
  signInNewStaff,
  staffPassword,
  totpCode,
} from "../support/staff.ts";
import { adminName, axeViolations, expect, test, uniqueEmail } from "./fixtures.ts";

test("the first administrator: set up from the command line, then signs in with password and code @both-widths", async ({
  page,
  sharedSite,
}) => {
  // Set-up and sign-in in the browser (password hashes, codes) and several axe scans: 25–30 s on two cores (CI).
  test.slow();
  const email = uniqueEmail("first-admin");
  const link = await inviteFromCommandLine(sharedSite, { email, name: "Ada Admin" });
  const key = await setUp(page, link, { checkAccessibility: true });
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("table", { name: "Leads received, by kind" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The link works once.
  await page.goto(link);
  await expect(page.getByText("This set-up link has expired or was already used.")).toBeVisible();

  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  expect(await axeViolations(page)).toEqual([]);

  // A wrong password, then the right one and a wrong code, then the right code.
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill("not the password at all");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("That e-mail address and password do not match an account.");
  await page.getByLabel("Password").fill(staffPassword);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("6-digit code").fill("000000");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right.");
  // The set-up used this 30 seconds' code: the next one (which the app shows shortly) is taken.
  await page.getByLabel("6-digit code").fill(totpCode(key, 1));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const mine = page.getByRole("row").filter({ hasText: email });
  await expect(mine.filter({ hasText: "Signed in" })).toHaveCount(2);
  await expect(mine.filter({ hasText: "Sign-in refused (wrong password or code)" })).toHaveCount(2);
  await expect(mine.filter({ hasText: "Set up an account" })).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
});

test("a page asked for before sign-in opens after it", async ({ page, sharedSite }) => {
  const email = uniqueEmail("returning-admin");
  const key = await signInNewStaff(page, sharedSite, { email, name: "Rui Return" });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.goto("/admin/audit");
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Faudit$/);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(staffPassword);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("6-digit code").fill(totpCode(key, 1));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
});

test("an administrator invites a member who edits the site; they see only what they may open; the administrator gives them the leads too; disabling signs them out", async ({
  adminPage: page,
  browser,
  mailbox,
}) => {
  // Set-up and sign-in in the browser (password hashes, codes) and several axe scans: 25–30 s on two cores (CI).
  test.slow();
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Mistakes first: the form says what is wrong, field by field.
  const invite = page.getByRole("region", { name: "Invite someone" });
  await invite.getByLabel("Name").fill("Sol Staff");
  await invite.getByLabel("E-mail address").fill("not-an-address");
  await invite.getByRole("radio", { name: "Member" }).check();
  await invite.getByRole("checkbox", { name: /Work leads/ }).uncheck();
  await page.evaluate(() => document.querySelectorAll("form").forEach((f) => (f.noValidate = true)));
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByText("Enter an e-mail address, like name@example.com.")).toBeVisible();
  await expect(invite.getByText("Choose what a member may do: Work leads, Edit the site, or both.")).toBeVisible();
  await expect(invite.getByRole("group", { name: "A member may" })).toHaveAccessibleDescription(
    "Choose what a member may do: Work leads, Edit the site, or both.",
  );
  expect(await axeViolations(page)).toEqual([]);

  const staffEmail = uniqueEmail("invited-editor");
  await invite.getByLabel("E-mail address").fill(staffEmail);
  await invite.getByRole("checkbox", { name: /Edit the site/ }).check();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${staffEmail}.` })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Open invitations" }).getByRole("listitem").filter({ hasText: staffEmail }),
  ).toContainText("Edit the site;");

  // An invitation sent to the wrong address is withdrawn from the list: its link stops working at once.
  const mistaken = uniqueEmail("withdrawn-invitee");
  await invite.getByLabel("Name").fill("Wrong Person");
  await invite.getByLabel("E-mail address").fill(mistaken);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${mistaken}.` })).toBeVisible();
  const openInvitations = page.getByRole("region", { name: "Open invitations" });
  await openInvitations.getByRole("button", { name: "Withdraw the link sent to Wrong Person" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `The invitation sent to Wrong Person (${mistaken}) no longer works.` }),
  ).toBeVisible();
  await expect(openInvitations.getByRole("listitem").filter({ hasText: mistaken })).toHaveCount(0);
  const withdrawn = /https?:\/\/\S+\/admin\/setup\/[\w-]+/.exec(
    (await mailbox.waitForEmail(mistaken, { subject: /back office/ })).text,
  )?.[0];
  expect((await page.request.get(withdrawn!)).status()).toBe(404);

  const invitation = await mailbox.waitForEmail(staffEmail, { subject: /back office/ });
  expect(invitation.text).toContain(`${adminName} has invited you`);
  const link = /https?:\/\/\S+\/admin\/setup\/[\w-]+/.exec(invitation.text)?.[0];
  expect(link).toBeDefined();

  const staffContext = await browser.newContext({ viewport: page.viewportSize(), isMobile: false });
  try {
    const staffPage = await staffContext.newPage();
    await staffPage.goto(link!);
    await expect(
      staffPage.getByText("you are invited to the back office as a member who may edit the site"),
    ).toBeVisible();
    await setUp(staffPage, link!);
    // The overview and the bar show only what the account may open.
    const nav = staffPage.getByRole("navigation", { name: "Back office" });
    await expect(nav.getByRole("link")).toHaveText(["Overview", "Site content", "Your account"]);
    await expect(staffPage.getByText("Your account may: Edit the site.")).toBeVisible();
    await expect(staffPage.getByRole("table", { name: "Leads received, by kind" })).toHaveCount(0);
    await expect(staffPage.getByRole("link", { name: "Every lead" })).toHaveCount(0);
    expect(await axeViolations(staffPage)).toEqual([]);
    await staffPage.goto("/admin/leads");
    await expect(
      staffPage.getByText(
        "Only those who work leads can do this: ask an administrator for the “Work leads” permission.",
      ),
    ).toBeVisible();
    expect(await axeViolations(staffPage)).toEqual([]);
    await staffPage.goto("/admin/users");
    await expect(staffPage.getByText("Only administrators can do this.")).toBeVisible();
    await staffPage.goto("/admin/content");
    await expect(staffPage.getByRole("heading", { level: 1, name: "Site content" })).toBeVisible();
    await staffPage.goto("/admin/account");
    await expect(staffPage.getByRole("definition").filter({ hasText: "Edit the site" })).toBeVisible();

    // The administrator lets them work leads too.
    await page.reload();
    const row = page.getByRole("region", { name: "Accounts" }).getByRole("listitem").filter({ hasText: staffEmail });
    await expect(row).toContainText("May: Edit the site");
    await row.getByText("Change what Sol Staff may do").click();
    // None checked: a member needs at least one.
    await row.getByRole("checkbox", { name: /Edit the site/ }).uncheck();
    await row.getByRole("button", { name: "Save permissions: Sol Staff" }).click();
    await expect(row.getByText("Choose what a member may do: Work leads, Edit the site, or both.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await row.getByRole("checkbox", { name: /Work leads/ }).check();
    await row.getByRole("checkbox", { name: /Edit the site/ }).check();
    await row.getByRole("button", { name: "Save permissions: Sol Staff" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Sol Staff may now: Work leads, Edit the site." }),
    ).toBeVisible();
    await expect(row).toContainText("May: Work leads, Edit the site");
    expect(await axeViolations(page)).toEqual([]);
    await page.goto("/admin/audit");
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: "Changed what an account may do" })
        .filter({ hasText: "before: site" })
        .first(),
    ).toContainText("after: leads,site");

    await staffPage.goto("/admin");
    await expect(nav.getByRole("link")).toHaveText([
      "Overview",
      "Inbox",
      "Spam",
      "Outbox",
      "Consultations",
      "Course bookings",
      "Sessions",
      "Export for the accounts",
      "What converts",
      "Requests",
      "Site content",
      "Your account",
    ]);
    await expect(staffPage.getByRole("table", { name: "Leads received, by kind" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Team" })).toHaveCount(0);

    // The administrator disables the account: the member's next page is the sign-in page.
    await page.goto("/admin/users");
    await row.getByRole("button", { name: "Disable: Sol Staff" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Sol Staff's account is disabled" })).toBeVisible();
    await staffPage.goto("/admin");
    await expect(staffPage).toHaveURL(/\/admin\/sign-in$/);
  } finally {
    await staffContext.close();
  }
});

test("a lost phone: an administrator sends a new set-up link; once used, the old password, code and sessions stop working", async ({
  adminPage: page,
  browser,
  sharedSite,
  mailbox,
}) => {
  // Set-up and sign-in in the browser (password hashes, codes) and several axe scans: 25–30 s on two cores (CI).
  test.slow();
  const staffEmail = uniqueEmail("reset-staff");
  const staffName = `Lou ${staffEmail.slice(0, 12)}`;
  const staffLink = await inviteFromCommandLine(sharedSite, { email: staffEmail, name: staffName, role: "leads" });
  const contexts = [] as Awaited<ReturnType<typeof browser.newContext>>[];
  const newPage = async () => {
    const context = await browser.newContext({ viewport: page.viewportSize(), isMobile: false });
    contexts.push(context);
    return context.newPage();
  };
  try {
    const oldPhone = await newPage();
    const oldKey = await setUp(oldPhone, staffLink);

    await page.goto("/admin/users");
    const row = page.getByRole("listitem").filter({ hasText: staffEmail });
    await row.getByRole("button", { name: `Send a new set-up link: ${staffName}` }).click();
    await expect(page.getByRole("status")).toContainText(`A new set-up link is on its way to ${staffName}.`);
    expect(await axeViolations(page)).toEqual([]);
    const email = await mailbox.waitForEmail(staffEmail, { subject: /sign-in .* again/ });
    expect(email.text).toContain(`${adminName} has sent you a new set-up link`);
    const link = /https?:\/\/\S+\/admin\/setup\/[\w-]+/.exec(email.text)?.[0];
    expect(link).toBeDefined();

    // Until the link is used, the old sign-in works.
    await oldPhone.goto("/admin");
    await expect(oldPhone.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

    const newPhone = await newPage();
    await newPhone.goto(link!);
    await expect(newPhone.getByRole("heading", { level: 1, name: "Set up your sign-in again" })).toBeVisible();
    expect(await axeViolations(newPhone)).toEqual([]);
    const newKey = (await newPhone.locator("#authenticator-key").innerText()).replace(/\s/g, "");
    expect(newKey).not.toBe(oldKey);
    const newPassword = "another long and memorable passphrase";
    await newPhone.getByRole("textbox", { name: "Password", exact: true }).fill(newPassword);
    await newPhone.getByLabel("The same password again").fill(newPassword);
    await newPhone.getByLabel("The 6-digit code the app now shows").fill(totpCode(newKey));
    await newPhone.getByRole("button", { name: "Set up my sign-in" }).click();
    await expect(newPhone.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

    // The old session has ended; the old password no longer opens the account, the new one does, with the new key.
    await oldPhone.goto("/admin");
    await expect(oldPhone).toHaveURL(/\/admin\/sign-in$/);
    await oldPhone.getByLabel("E-mail address").fill(staffEmail);
    await oldPhone.getByLabel("Password").fill(staffPassword);
    await oldPhone.getByRole("button", { name: "Continue" }).click();
    await expect(oldPhone.getByRole("alert")).toHaveText("That e-mail address and password do not match an account.");
    await oldPhone.getByLabel("Password").fill(newPassword);
    await oldPhone.getByRole("button", { name: "Continue" }).click();
    await oldPhone.getByLabel("6-digit code").fill(totpCode(oldKey, 1));
    await oldPhone.getByRole("button", { name: "Sign in" }).click();
    await expect(oldPhone.getByRole("alert")).toContainText("That code is not right.");
    await oldPhone.getByLabel("6-digit code").fill(totpCode(newKey, 1));
    await oldPhone.getByRole("button", { name: "Sign in" }).click();
    await expect(oldPhone.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

    await page.goto("/admin/audit");
    await expect(
      page.getByRole("row").filter({ hasText: "Sent a new set-up link for an account" }).first(),
    ).toBeVisible();
  } finally {
    for (const context of contexts) await context.close();
  }
});
