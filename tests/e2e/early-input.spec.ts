import { type Page } from "@playwright/test";
import { APP_NEEDED_EVENT } from "../../app/page-script/deferred-hydration.server.ts";
import { startBookingSite } from "../support/booking-form.ts";
import { delegateWithInstructions, type SiteWithMail } from "../support/joining.ts";
import {
  appScripts,
  expect,
  expectHydrated,
  expectIslandAwake,
  holdApp,
  holdIsland,
  isPhone,
  test,
  uniqueEmail,
} from "./fixtures.ts";

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

/**
 * Lets the island `name`, held back by holdIsland, arrive: once it is certain
 * it has not woken yet, so that what the test did came before it.
 */
async function islandArrives(page: Page, name: string, release: () => void) {
  await expect(page.locator(`[data-island="${name}"]`)).not.toHaveAttribute("data-island-awake");
  release();
  await expectIslandAwake(page, name);
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
  // The contact form is an island (ADR 090): its own entry is what arrives.
  const { release } = await holdIsland(page, "contact");
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
  await islandArrives(page, "contact", release);
  await expect(field("Full Name")).toHaveValue("Olivia Bennett");
  await expect(field("Email Address")).toHaveValue(email);
  await expect(field("Area of Interest")).toHaveValue("risk-grc");
  await expect(field("Your Message")).toHaveValue("Typed before the page's code arrived: please keep every word.");
  await form.getByRole("button", { name: "Send Message" }).click();
  // Sent through the app (the page stays), not as a plain post.
  await expect(page.locator("#enquiry-form [role='status']")).toContainText("Thank you for your message");
  await expect(page).toHaveURL(/\/contact$/);
});

// The questionnaire (ADR 090) is a plain form with no script at all: nothing
// hydrates there, so what a visitor types is the browser's own, as a plain
// HTML form keeps it, on its first load (the answers saved) and in its answer
// to a refusal (a 400 with what was typed).
test.describe("the pre-course questionnaire", () => {
  let site: SiteWithMail;

  test.beforeAll(async ({ launcher }) => {
    test.setTimeout(60_000);
    site = await startBookingSite(launcher, "early-input-questionnaire");
  });

  const objectives = (page: Page) => page.getByLabel("What do you want to get out of the course?");
  const experience = (page: Page) => page.getByLabel("Your experience of the subject so far");
  const dietary = (page: Page) => page.getByLabel("Dietary needs");
  const access = (page: Page) => page.getByLabel(/^Access needs/);

  /** Types at the end of what the field holds, as a person who clicks into it and carries on. */
  async function addTo(field: ReturnType<Page["getByLabel"]>, text: string) {
    await field.click();
    await field.press("ControlOrMeta+End");
    await field.pressSequentially(text);
  }

  /** Saves the answers, and waits for the page to say they are saved. */
  async function saveAnswers(page: Page) {
    await page.getByRole("button", { name: "Save my answers" }).click();
    await expect(page.getByRole("status").filter({ hasText: "your answers are saved" })).toBeVisible();
  }

  test("answers typed into the fields the server filled are kept as typed and sent, on the answer to a refusal and on the first load, with no script at all", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const scripts = appScripts(page);
    const { path } = await delegateWithInstructions(site, page.request, "early-questionnaire");
    const url = `${site.baseURL}${path}`;

    // Refused (400): the page comes back with what was typed.
    await page.goto(url, { waitUntil: "domcontentloaded" });
    await objectives(page).fill("Build a risk register");
    await dietary(page).fill("x".repeat(501));
    const refused = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Save my answers" }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByText('Keep "Dietary needs" to 500 characters or fewer')).toBeVisible();
    await expect(dietary(page)).toHaveValue("x".repeat(501));
    await dietary(page).fill("Vegetarian");
    await addTo(objectives(page), " the board reads");
    await experience(page).fill("Two years as a risk analyst");
    await saveAnswers(page);
    await expect(dietary(page)).toHaveValue("Vegetarian");

    // The first load of the page, its fields filled with the answers saved.
    await page.goto(url, { waitUntil: "domcontentloaded" });
    await expect(objectives(page)).toHaveValue("Build a risk register the board reads");
    await objectives(page).fill("Chair the risk committee");
    await addTo(dietary(page), ", no nuts");
    await access(page).fill("A step-free route to the room");
    await saveAnswers(page);
    await expect(dietary(page)).toHaveValue("Vegetarian, no nuts");
    await expect(objectives(page)).toHaveValue("Chair the risk committee");
    await expect(experience(page)).toHaveValue("Two years as a risk analyst");
    await expect(access(page)).toHaveValue("A step-free route to the room");

    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  });
});

// A text area the server filled, in a form that hydrates (an island, ADR 090):
// the contact form's message, filled when a course page's "Request Corporate
// Rate" opens it. What a visitor does in it before or while React takes it
// over stays as a plain HTML form would keep it: an answer replaced, and the
// next keys landing where they left the caret or the selection (ADR 086).
test.describe("a text area the server filled, in an island", () => {
  const prefilled = "/contact?course=corporate-finance&interest=accounting-auditing";
  const serverText = "I would like to ask about a corporate rate for Corporate Finance for our team.";
  const message = (page: Page) => page.getByRole("form", { name: "Enquiry form" }).getByLabel(/^Your Message/);

  /** Opens the prefilled page with its island held back, does `act` there, then lets the island arrive. */
  async function beforeIslandArrives(page: Page, act: () => Promise<void>) {
    const held = await holdIsland(page, "contact");
    await page.goto(prefilled, { waitUntil: "domcontentloaded" });
    await act();
    await islandArrives(page, "contact", held.release);
  }

  test("a selection or a caret made before the island arrives is where the next keys land once it has", async ({
    page,
  }) => {
    // The whole text selected, to be replaced: the keys typed once React has taken over replace it.
    await beforeIslandArrives(page, async () => {
      await expect(message(page)).toHaveValue(serverText);
      await message(page).click();
      await message(page).press("ControlOrMeta+A");
    });
    await page.keyboard.type("Six analysts in May");
    await expect(message(page)).toHaveValue("Six analysts in May");

    // The caret put after a word: the keys typed once React has taken over go there.
    await page.unrouteAll();
    await beforeIslandArrives(page, async () => {
      await message(page).click();
      await message(page).press("ControlOrMeta+Home");
      for (let i = 0; i < "I would".length; i++) await message(page).press("ArrowRight");
    });
    await page.keyboard.type(" really");
    await expect(message(page)).toHaveValue(`I would really${serverText.slice("I would".length)}`);
  });

  test("a text replaced before the island wakes is replaced, neither added to nor put back to the server's text", async ({
    page,
  }) => {
    // An island hydrates in one task (Preact, ADR 092): no key can land in the middle of it. What can go
    // wrong is the hydration itself writing the server's text back into a field the visitor has changed.
    await beforeIslandArrives(page, async () => {
      await expect(message(page)).toHaveValue(serverText);
      // Playwright's fill selects the text, then puts the new text in, as a visitor replacing it would.
      await message(page).fill("Six analysts in May, please.");
    });
    await expect(message(page)).toHaveValue("Six analysts in May, please.");
    // And the island's own code reads it as the visitor left it: the next key goes at the end.
    await message(page).press("End");
    await page.keyboard.type(" Thank you");
    await expect(message(page)).toHaveValue("Six analysts in May, please. Thank you");
  });
});
