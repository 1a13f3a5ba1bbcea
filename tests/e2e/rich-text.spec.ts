/**
 * Rich text through the editor, in Chromium at both widths with axe
 * (docs/decisions/048-rich-text-in-markdown.md), on a site apart from the shared one (siteWith("staff")): an
 * article's Markdown body has a live preview rendered on the server; a
 * link to javascript: is refused on the field, by line, in the preview and
 * on publishing; a body carrying XSS payloads (from OWASP's cheat sheet,
 * tests/support/xss-vectors.ts) where Markdown allows them (code, escaped
 * text, table cells, link text) is published, and the article shows them as
 * text: no dialog opens, no script runs, and the body Chromium parses holds
 * only the elements and attributes the renderer writes. The preview's
 * address refuses a post without a session and answers a GET with 405.
 */
import type { Page } from "@playwright/test";
import { releaseContent } from "../../app/content/seed/index.ts";
import type { SiteServer } from "../../harness/servers.ts";
import { newStaffInBrowser } from "../support/staff.ts";
import { axeViolations, expect, expectHydrated, test, uniqueEmail } from "./fixtures.ts";

const article = releaseContent.articles[1] as { slug: string; title: string };
let site: SiteServer;

test.beforeAll(async ({ siteWith }) => {
  site = await siteWith("staff");
});

const payloadBody = `Payloads this page must show as text, and never run.

## Shown as code

Inline: \`<img src=x onerror=alert('XSS')>\` and \`<svg/onload=alert('XSS')>\`.

\`\`\`html" onmouseover="alert(1)
<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>
<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>
\`\`\`

## Shown as escaped text

\\<BODY ONLOAD=alert('XSS')\\> and \\<IFRAME SRC="javascript:alert('XSS');"\\>\\</IFRAME\\>

| Vector | Where |
| --- | --- |
| \`<details open ontoggle=alert(1)>\` | a code cell |
| \\<a onmouseover=alert(document.cookie)\\>xxs link\\</a\\> | an escaped cell |

### Links that are allowed

[Our courses \\<script\\>alert(1)\\</script\\>](/training) and [write to us](mailto:hello@example.test "</a><script>alert(1)</script>").
`;

/** What in the body Chromium parsed is not what the renderer writes (its tags, its attributes, allowed addresses). */
async function unsafeInBody(page: Page): Promise<string[]> {
  return page.locator("[data-rich-text]").evaluate((body) => {
    const tags = new Set(
      "H2 H3 H4 P UL OL LI A EM STRONG S BLOCKQUOTE DIV TABLE THEAD TBODY TR TH TD CODE PRE IMG HR BR".split(" "),
    );
    const attributes = new Set([
      "id",
      "class",
      "href",
      "src",
      "alt",
      "title",
      "loading",
      "decoding",
      "tabindex",
      "role",
      "aria-label",
      "start",
    ]);
    const wrong: string[] = [];
    for (const element of body.querySelectorAll("*")) {
      if (!tags.has(element.tagName)) wrong.push(`<${element.tagName}>`);
      for (const attribute of element.attributes) {
        if (!attributes.has(attribute.name)) wrong.push(`${attribute.name} on <${element.tagName}>`);
      }
      const address = element.getAttribute("href") ?? element.getAttribute("src");
      if (address !== null && !/^(https?:\/\/|mailto:|tel:|\/(?![/\\])|#)/i.test(address)) wrong.push(address);
    }
    return wrong;
  });
}

test("an article's Markdown: a live preview, a javascript: link refused by line, XSS payloads published as text", async ({
  page,
}) => {
  test.slow();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // The preview is for editors: refused without a session (and its CSRF token); only a post renders.
  const previewUrl = `${site.baseURL}/admin/content/markdown-preview`;
  const anonymous = await page.request.post(previewUrl, { form: { markdown: "## Hi" }, maxRedirects: 0 });
  expect(anonymous.status()).toBe(403);
  expect(await anonymous.text()).not.toContain("<h2");
  await newStaffInBrowser(page, site, { email: uniqueEmail("markdown"), name: "Mara Markdown" });
  expect((await page.request.get(previewUrl)).status()).toBe(405);
  const editUrl = `${site.baseURL}/admin/content/article/${article.slug}`;
  await page.goto(editUrl);
  await expectHydrated(page);
  const body = page.getByRole("textbox", { name: "Body", exact: true });
  const preview = page.getByRole("region", { name: "Preview: Body" });
  // The preview of the article as it is, with its headings.
  await expect(preview.getByRole("heading", { level: 2, name: "1. Gross margin" })).toBeVisible();
  await expect(page.getByText("How to write it (Markdown)")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A javascript: link: named in the preview as it is typed, and refused on the field.
  await body.fill("Read on.\n\n[Click me](javascript:alert(document.cookie))");
  await expect(preview).toContainText("Line 3: the link address “javascript:alert(document.cookie)” is not allowed");
  await expect(preview.getByRole("link")).toHaveCount(0);
  await page.getByRole("button", { name: "Publish now" }).click();
  const summary = page.getByRole("group", { name: "There is a problem" });
  await expect(summary).toContainText(
    "Body: Line 3: the link address “javascript:alert(document.cookie)” is not allowed",
  );
  await expect(body).toHaveAttribute("aria-invalid", "true");
  expect(await axeViolations(page)).toEqual([]);

  // Payloads where Markdown shows them as text: previewed, then published.
  await body.fill(payloadBody);
  await expect(preview.getByRole("heading", { level: 3, name: "Links that are allowed" })).toBeVisible();
  await expect(preview).not.toContainText("is not allowed");
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();

  await page.goto(`${site.baseURL}/resources/${article.slug}`);
  const shown = page.locator("[data-rich-text]");
  await expect(page.getByRole("heading", { level: 2, name: "Shown as code" })).toBeVisible();
  await expect(shown.locator("code").first()).toHaveText("<img src=x onerror=alert('XSS')>");
  await expect(shown).toContainText(
    "<BODY ONLOAD=alert('XSS')> and <IFRAME SRC=\"javascript:alert('XSS');\"></IFRAME>",
  );
  await expect(shown.getByRole("cell", { name: "<a onmouseover=alert(document.cookie)>xxs link</a>" })).toBeVisible();
  await expect(shown.getByRole("link", { name: "Our courses <script>alert(1)</script>" })).toHaveAttribute(
    "href",
    "/training",
  );
  expect(await unsafeInBody(page)).toEqual([]);
  await shown
    .locator("img, a, code, td")
    .evaluateAll((elements) =>
      elements.forEach((e) => e.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }))),
    );
  expect(
    await page.evaluate(() => document.querySelectorAll("[data-rich-text] script, [data-rich-text] iframe").length),
  ).toBe(0);
  expect(dialogs).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
});
