import { type Page } from "@playwright/test";
import { contact as contactKind } from "../../app/leads/kinds/contact.ts";
import { axeViolations, expect, gotoHydrated, test, withoutJavaScript } from "./fixtures.ts";

// The form endpoint test dashboard (spec section 2, Test screens). The e2e
// server runs with APP_ENV=test, so the page is on; test-pages.http.spec.ts
// checks that it is a 404 in production.

const forms = [
  { id: "contact", label: "Contact enquiry", path: "/api/contact" },
  { id: "resource-download", label: "Resource download", path: "/api/resource-download" },
  { id: "newsletter", label: "Newsletter sign-up", path: "/api/newsletter-signup" },
  { id: "guide-request", label: "Guide request", path: "/api/webhook/guide-request" },
];

async function expectAllSucceeded(page: Page) {
  const status = page.getByRole("main").getByRole("status");
  await expect(status).toContainText("4 of 4 succeeded", { timeout: 15_000 });
  for (const form of forms) {
    const row = page.getByTestId(`result-${form.id}`);
    await expect(row).toContainText(form.label);
    await expect(row).toContainText("Success");
  }
  const address = (await page.getByTestId("test-address").textContent())!.trim();
  expect(address).toMatch(/^test-forms\+\d+-[a-z0-9]+@example\.test$/);
  return address;
}

test("the button sends four JSON test submissions and lists success for each; their e-mails go to the test address @both-widths", async ({
  mailbox,
  page,
}) => {
  const sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/api/")) {
      sent.push({ url: new URL(r.url()).pathname, headers: r.headers(), body: r.postDataJSON() });
    }
  });
  await gotoHydrated(page, "/test-forms");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Form Endpoint Tests");
  await expect(page.getByRole("main")).toContainText("marked as tests");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  await page.getByRole("button", { name: "Run All Form Tests" }).click();
  const address = await expectAllSucceeded(page);

  expect(sent.map((s) => s.url)).toEqual(forms.map((f) => f.path));
  for (const s of sent) {
    expect(s.headers["x-test-submission"], s.url).toBe("true");
    expect(s.headers["content-type"], s.url).toContain("application/json");
    expect((s.body as { email: string }).email, s.url).toBe(address);
  }
  // The contact test fills every field the API takes (optional ones too).
  const contact = sent[0]!.body as Record<string, string>;
  for (const field of Object.keys(contactKind.schema.entries)) expect(contact[field], field).toBeTruthy();
  expect(sent[1]!.body).toEqual({ email: address, resourceId: "risk-guide" });
  expect(sent[2]!.body).toEqual({ email: address });
  expect(Object.keys(sent[3]!.body as object).sort()).toEqual([
    "company",
    "email",
    "first_name",
    "guide_name",
    "last_name",
  ]);

  // One e-mail per submission reaches the test address, each marked as a test.
  const emails = await mailbox.waitForEmails(address, { count: 4 });
  for (const email of emails) expect(email.subject).toMatch(/\[TEST\]/);
  expect(await axeViolations(page)).toEqual([]);
});

test("lists the available endpoints with method and path", async ({ page }) => {
  await gotoHydrated(page, "/test-forms");
  const table = page.getByRole("table");
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(7);
  for (const [method, path] of [
    ["POST", "/api/contact"],
    ["POST", "/api/resource-download"],
    ["POST", "/api/newsletter-signup"],
    ["POST", "/api/webhook/guide-request"],
    ["GET", "/api/guides"],
    ["POST", "/api/webinar-registration"],
  ]) {
    await expect(rows.filter({ hasText: path }).getByRole("cell").first(), path).toHaveText(method!);
  }
  expect(await axeViolations(page)).toEqual([]);
});

test("a failing endpoint is reported with the server's message or an error text", async ({ page }) => {
  await gotoHydrated(page, "/test-forms");
  await page.route("**/api/contact", (route) => route.abort());
  await page.route("**/api/resource-download", (route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
  );
  await page.route("**/api/newsletter-signup", (route) =>
    route.fulfill({ status: 429, json: { success: false, message: "Too many submissions from your network." } }),
  );
  await page.getByRole("button", { name: "Run All Form Tests" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("1 of 4 succeeded", { timeout: 15_000 });
  await expect(page.getByTestId("result-contact")).toContainText("Network error");
  await expect(page.getByTestId("result-resource-download")).toContainText("502");
  await expect(page.getByTestId("result-resource-download")).toContainText("without a JSON body");
  await expect(page.getByTestId("result-newsletter")).toContainText("Failed (429)");
  await expect(page.getByTestId("result-newsletter")).toContainText("Too many submissions from your network.");
  await expect(page.getByTestId("result-guide-request")).toContainText("Success");
});

withoutJavaScript(() => {
  test("the button runs the four submissions on the server", async ({ page, mailbox }) => {
    await page.goto("/test-forms");
    await page.getByRole("button", { name: "Run All Form Tests" }).click();
    const address = await expectAllSucceeded(page);
    await mailbox.waitForEmails(address, { count: 4 });
  });
});
