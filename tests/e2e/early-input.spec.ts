import { type Locator, type Page } from "@playwright/test";
import { APP_NEEDED_EVENT } from "../../app/page-script/deferred-hydration.server.ts";
import { delegateWithInstructions, joiningSiteEnv, type SiteWithMail } from "../support/joining.ts";
import {
  expect,
  expectHydrated,
  expectIslandAwake,
  holdApp,
  holdIsland,
  isPhone,
  pauseHydrationAfter,
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
  await expect(page.locator('[data-island="contact"]')).not.toHaveAttribute("data-island-awake");
  release();
  await expectIslandAwake(page, "contact");
  await expect(field("Full Name")).toHaveValue("Olivia Bennett");
  await expect(field("Email Address")).toHaveValue(email);
  await expect(field("Area of Interest")).toHaveValue("risk-grc");
  await expect(field("Your Message")).toHaveValue("Typed before the page's code arrived: please keep every word.");
  await form.getByRole("button", { name: "Send Message" }).click();
  // Sent through the app (the page stays), not as a plain post.
  await expect(page.locator("#enquiry-form [role='status']")).toContainText("Thank you for your message");
  await expect(page).toHaveURL(/\/contact$/);
});

// The questionnaire's fields are text areas the server fills: with the
// answers saved on its first load, with what was typed in its answer to a
// refusal (a 400). What a visitor types into them before or while React takes
// over stays exactly as a plain HTML form would keep it: an answer replaced,
// added to, or typed into an empty field; and the next keys land where they
// left the caret or the selection (ADR 086).
test.describe("the pre-course questionnaire", () => {
  let site: SiteWithMail;

  test.beforeAll(async ({ launcher }) => {
    test.setTimeout(60_000);
    site = await launcher.siteWithMail({ name: "early-input-questionnaire", env: joiningSiteEnv });
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

  test("answers typed into the fields the server filled before the app arrives are kept as typed, on the answer to a refusal and on the first load", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { path } = await delegateWithInstructions(site, page.request, "early-questionnaire");
    const url = `${site.baseURL}${path}`;

    // Sent as a plain form (the app held back): refused (400), and the page comes back with what was typed.
    // The page starts React after its first paint: its "load" waits for the app held back, so the test waits for less.
    const held = await holdApp(page);
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
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    await arrive(page, held.release);
    await expect(dietary(page)).toHaveValue("Vegetarian");
    await expect(objectives(page)).toHaveValue("Build a risk register the board reads");
    await expect(experience(page)).toHaveValue("Two years as a risk analyst");
    await page.getByRole("button", { name: "Save my answers" }).click();
    await expect(page.getByRole("status").filter({ hasText: "your answers are saved" })).toBeVisible();
    await expect(dietary(page)).toHaveValue("Vegetarian");

    // The first load of the page, its fields filled with the answers saved.
    await page.unrouteAll();
    const again = await holdApp(page);
    await page.goto(url, { waitUntil: "domcontentloaded" });
    await expect(objectives(page)).toHaveValue("Build a risk register the board reads");
    await objectives(page).fill("Chair the risk committee");
    await addTo(dietary(page), ", no nuts");
    await access(page).fill("A step-free route to the room");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    await arrive(page, again.release);
    await expect(objectives(page)).toHaveValue("Chair the risk committee");
    await expect(dietary(page)).toHaveValue("Vegetarian, no nuts");
    await expect(experience(page)).toHaveValue("Two years as a risk analyst");
    await expect(access(page)).toHaveValue("A step-free route to the room");
    await page.getByRole("button", { name: "Save my answers" }).click();
    await expect(page.getByRole("status").filter({ hasText: "your answers are saved" })).toBeVisible();
    await expect(dietary(page)).toHaveValue("Vegetarian, no nuts");
    await expect(objectives(page)).toHaveValue("Chair the risk committee");
  });
  /** The questionnaire of a delegate of its own, with answers saved: the server fills its fields with them. */
  async function savedAnswers(page: Page, tag: string) {
    const { path } = await delegateWithInstructions(site, page.request, tag);
    const url = `${site.baseURL}${path}`;
    const saved = await page.request.post(url, {
      form: { objectives: "Build a risk register", dietaryNeeds: "x".repeat(40) },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(303);
    return url;
  }

  test("a selection or a caret made before the app arrives in a field the server filled is where the next keys land once it has", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const url = await savedAnswers(page, "early-selection");

    // The whole answer selected, to be replaced: the keys typed once React has taken over replace it.
    const held = await holdApp(page);
    await page.goto(url, { waitUntil: "domcontentloaded" });
    await dietary(page).click();
    await dietary(page).press("ControlOrMeta+A");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    await arrive(page, held.release);
    await page.keyboard.type("Vegetarian");
    await expect(dietary(page)).toHaveValue("Vegetarian");

    // The caret put after a word: the keys typed once React has taken over go there.
    await page.unrouteAll();
    const again = await holdApp(page);
    await page.goto(url, { waitUntil: "domcontentloaded" });
    await objectives(page).click();
    await objectives(page).press("ControlOrMeta+Home");
    for (let i = 0; i < "Build".length; i++) await objectives(page).press("ArrowRight");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    await arrive(page, again.release);
    await page.keyboard.type(" and keep");
    await expect(objectives(page)).toHaveValue("Build and keep a risk register");
  });

  test("an answer replaced while React hydrates the page is replaced, not added to the server's text", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const url = await savedAnswers(page, "hydrating-fill");
    // React stopped after the dietary field's hint: the field rendered, its text area not yet hydrated.
    const hydration = await pauseHydrationAfter(page, "#questionnaire-dietaryNeeds-hint");
    await page.goto(url, { waitUntil: "domcontentloaded" });
    await hydration.paused();
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    const hydrated = (field: Locator) =>
      field.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$")));
    expect(await hydrated(objectives(page))).toBe(true);
    expect(await hydrated(dietary(page))).toBe(false);
    // Playwright's fill selects the text, then puts the new text in: React finishes hydrating in between.
    await dietary(page).fill("Vegetarian");
    await hydration.resume();
    await expectHydrated(page);
    await expect(dietary(page)).toHaveValue("Vegetarian");
    await expect(objectives(page)).toHaveValue("Build a risk register");
    await page.getByRole("button", { name: "Save my answers" }).click();
    await expect(page.getByRole("status").filter({ hasText: "your answers are saved" })).toBeVisible();
    await expect(dietary(page)).toHaveValue("Vegetarian");
  });
});
