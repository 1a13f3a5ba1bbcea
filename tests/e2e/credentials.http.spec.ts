/**
 * No credential is readable after it is sent (issue 26, ADR 033), over
 * plain HTTP against a production server apart from the shared one (siteWith("staff")) with a real SMTP
 * server: an administrator invites a new administrator and sends an
 * existing account a new set-up link; a staff member then tries every page,
 * data request and download of the back office for both addresses and finds
 * no working link; neither does a copy of the database (every table, every
 * column, the raw file). The links did reach their recipients, and work.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Mailbox } from "../../harness/mail.ts";
import { sqliteQuery, type SiteServer } from "../../harness/servers.ts";
import { insertStaff, newStaffClient, StaffClient } from "../support/staff.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

let site: SiteServer & { mailbox: Mailbox };

test.beforeAll(async ({ siteWith }) => {
  site = await siteWith("staff");
});

const linkIn = (text: string) => /https?:\/\/\S+\/admin\/setup\/[\w-]+/.exec(text)?.[0];

test("a staff member finds no working set-up link in any page, export or access request, nor in a copy of the database", async () => {
  const adminEmail = uniqueEmail("cred-admin");
  const { client: admin } = await newStaffClient(site, { email: adminEmail, name: "Ada Admin" });
  const staffEmail = uniqueEmail("cred-staff");
  const { client: staff } = await newStaffClient(site, { email: staffEmail, name: "Sam Staff", role: "leads" });
  const resetEmail = uniqueEmail("cred-reset");
  const { id: resetId } = await insertStaff(site.dataDir, { email: resetEmail, name: "Rory Reset", role: "admin" });

  // The administrator invites a new administrator and sends Rory a new set-up link.
  const invitee = uniqueEmail("cred-invitee");
  await admin.get("/admin/users");
  const invited = await admin.post("/admin/users", {
    intent: "invite",
    name: "Ivy Invitee",
    email: invitee,
    access: "admin",
  });
  expect(invited.response.status).toBe(200);
  const reset = await admin.post("/admin/users", { intent: "reset", user: resetId });
  expect(reset.response.status).toBe(200);

  // Both e-mails arrive with a working link: the recipients have them.
  const [invitation] = await site.mailbox.waitForEmails(invitee, { subject: /Your account/ });
  const [resetMessage] = await site.mailbox.waitForEmails(resetEmail, { subject: /Set up your sign-in/ });
  const links = [linkIn(invitation!.text)!, linkIn(resetMessage!.text)!];
  const tokens = links.map((link) => new URL(link).pathname.split("/").pop()!);
  for (const token of tokens) expect(token).toMatch(/^[\w-]{43}$/);
  // Sent: the outbox rows are marked so (the worker has forgotten the tokens).
  await expect
    .poll(() => sqliteQuery(site.dataDir, "SELECT COUNT(*) AS n FROM outbox WHERE secrets IS NOT NULL")[0]!.n)
    .toBe(0);

  // The staff member tries everything the back office offers about both addresses.
  const seen: string[] = [];
  const look = async (what: string, response: Promise<{ response: Response; html: string }>) => {
    const { response: answer, html } = await response;
    seen.push(`${what} ${answer.status}`);
    for (const token of tokens) expect(html, what).not.toContain(token);
    return html;
  };
  for (const page of [
    "/admin",
    "/admin/leads",
    "/admin/leads.csv",
    "/admin/newsletter.csv",
    "/admin/consultations.csv",
    "/admin/outbox",
    "/admin/outbox?state=sent",
    "/admin/outbox.data",
    "/admin/consultations",
    "/admin/spam",
    "/admin/requests",
    "/admin/users",
    "/admin/audit",
    "/admin/account",
  ]) {
    await look(page, staff.get(page));
  }
  for (const address of [invitee, resetEmail]) {
    await staff.get("/admin/requests");
    const found = await look(
      `look-up ${address}`,
      staff.post("/admin/requests", { intent: "look-up", email: address }),
    );
    expect(found).toMatch(/E-mails to or about them: (<!-- -->)?1</);
    for (const format of ["json", "csv"]) {
      const file = await look(
        `access.${format} ${address}`,
        staff.post(`/admin/requests/access.${format}`, { email: address }),
      );
      // The e-mail is there, its link withheld.
      expect(file).toContain("withheld-credential-setup");
    }
  }
  expect(seen.filter((s) => / 5\d\d$/.test(s))).toEqual([]);

  // A copy of the database (the file and its write-ahead log, as a backup would take them): no byte holds a token.
  for (const file of readdirSync(site.dataDir).filter((f) => /^site\.db(-wal)?$/.test(f))) {
    const bytes = readFileSync(path.join(site.dataDir, file)).toString("latin1");
    for (const token of tokens) expect(bytes.includes(token), file).toBe(false);
  }
  const tables = sqliteQuery(site.dataDir, "SELECT name FROM sqlite_master WHERE type = 'table'");
  for (const { name } of tables) {
    const rows = JSON.stringify(sqliteQuery(site.dataDir, `SELECT * FROM "${String(name)}"`));
    for (const token of tokens) expect(rows.includes(token), String(name)).toBe(false);
  }

  // And the links work for their recipients.
  for (const link of links) {
    const { response, html } = await new StaffClient(site.baseURL).get(new URL(link).pathname);
    expect(response.status).toBe(200);
    expect(html).toContain("authenticator-key");
  }
});
