import { type Page } from "@playwright/test";
import { APP_NEEDED_EVENT } from "../../app/page-script/deferred-hydration.server.ts";
import { expect, expectHydrated, holdApp, isPhone, test, uniqueEmail } from "./fixtures.ts";

// Issue 12: what a visitor does before the app's code has arrived is never
// lost. Each test holds the app's entry script back, taps or types into the
// server's HTML, then lets React arrive and checks that nothing was undone.
// A reading page starts React only on demand (ADR 020): `arrive` asks for it
// as the page itself does (the exit popup's trigger).

async function arrive(page: Page, release: () => void) {
  release();
  await page.evaluate((event) => document.dispatchEvent(new Event(event)), APP_NEEDED_EVENT);
  await expectHydrated(page);
}

/** The header menu a visitor at this width opens: the mobile menu, or the Training dropdown. */
async function openHeaderMenu(page: Page) {
  if (isPhone(page)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    return page.locator("#mobile-menu");
  }
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Training" }).click();
  return page.locator("[popover]:popover-open");
}

test("a menu opened before the app arrives is still open once it has @both-widths", async ({ page }) => {
  const { release } = await holdApp(page);
  await page.goto("/");
  const menu = await openHeaderMenu(page);
  await expect(menu).toBeVisible();
  await arrive(page, release);
  await expect(menu).toBeVisible();
});

test("an FAQ and a footer section opened before the app arrives stay open", async ({ page }) => {
  const { release } = await holdApp(page);
  await page.goto("/courses/corporate-finance");
  const faq = page.locator("#faq details").first();
  await faq.locator("summary").click();
  await expect(faq).toHaveAttribute("open", "");
  // On a phone the footer's sections are disclosures too.
  const footerSection = page.locator("footer details").first();
  const phone = await footerSection.locator("summary").isVisible();
  if (phone) {
    await footerSection.locator("summary").click();
    await expect(footerSection).toHaveAttribute("open", "");
  }
  await arrive(page, release);
  await expect(faq).toHaveAttribute("open", "");
  if (phone) await expect(footerSection).toHaveAttribute("open", "");
});

test("what is typed into a form before the app arrives is kept, and the form then sends it @both-widths", async ({
  page,
}) => {
  const { release } = await holdApp(page);
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Enquiry form" });
  const field = (label: string) => form.getByLabel(new RegExp(`^${label}\\*?$`));
  const email = uniqueEmail("early-typing");
  await field("Full Name").fill("Olivia Bennett");
  await field("Email Address").fill(email);
  await field("Phone Number").fill("+44 20 7946 0321");
  await field("Company Name").fill("Harbour Lane Capital");
  await field("Area of Interest").selectOption({ label: "Risk Management & GRC" });
  await field("Your Message").fill("Typed before the page's code arrived: please keep every word.");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  release();
  await expectHydrated(page);
  await expect(field("Full Name")).toHaveValue("Olivia Bennett");
  await expect(field("Email Address")).toHaveValue(email);
  await expect(field("Area of Interest")).toHaveValue("risk-grc");
  await expect(field("Your Message")).toHaveValue("Typed before the page's code arrived: please keep every word.");
  await form.getByRole("button", { name: "Send Message" }).click();
  // Sent through the app (the page stays), not as a plain post.
  await expect(page.locator("#enquiry-form [role='status']")).toContainText("Thank you for your message");
  await expect(page).toHaveURL(/\/contact$/);
});
