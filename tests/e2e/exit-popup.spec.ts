import { type Page } from "@playwright/test";
import { axeViolations, expect, gotoHydrated, recordAnalytics, test, uniqueEmail } from "./fixtures.ts";

// The exit-intent newsletter popup (spec sections 4 and 9): after 10 s on
// the page, when the pointer leaves the top edge of the window; once ever.
// page.clock controls time.

const storageKey = "exitPopupShown";
const dialog = (page: Page) => page.getByRole("dialog", { name: "Get our newsletter" });

/** What the browser sends when the pointer leaves the window through its top edge. */
async function leaveTopEdge(page: Page) {
  await page.evaluate(() =>
    document.dispatchEvent(
      new MouseEvent("mouseout", { clientY: -1, clientX: 200, relatedTarget: null, bubbles: true }),
    ),
  );
}

/**
 * The popup decides in the mouseout handler itself, which dispatchEvent runs
 * before it returns: had it decided to open, it would have recorded that it
 * was shown. Nothing recorded, nothing shown.
 */
async function expectNotTriggered(page: Page) {
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKey)).toBeNull();
  await expect(dialog(page)).toHaveCount(0);
}

/**
 * Waits until the page has painted two frames since the last event: a state
 * change the event caused has been rendered by then (React flushes pending
 * work before the browser paints).
 */
async function settle(page: Page) {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

/** Opens a page with a controlled clock; returns whether the dialog's code was ever requested. */
async function open(page: Page, path = "/") {
  const dialogChunk: string[] = [];
  page.on("request", (r) => {
    if (/exit-popup-dialog/.test(r.url())) dialogChunk.push(r.url());
  });
  // The page's clock starts a minute behind the server's, so that fast-
  // forwarding it never puts the form's start time (bot protection) in the
  // server's future, which the server refuses as "too fast".
  await page.clock.install({ time: Date.now() - 60_000 });
  // Noted before the page script starts its own count (and on the page's
  // clock, so installed after it): see onPage.
  await page.addInitScript(() => sessionStorage.setItem("test:openedAt", String(Date.now())));
  await gotoHydrated(page, path);
  return dialogChunk;
}

/**
 * At least how long the page's script has been counting the visitor's time
 * on the page: the real time opening the page took (long on a busy machine)
 * runs on the page's clock too, on top of what a test fast-forwards.
 */
function onPage(page: Page) {
  return page.evaluate(() => Date.now() - Number(sessionStorage.getItem("test:openedAt")));
}

async function openPopup(page: Page, path = "/") {
  await open(page, path);
  await page.clock.fastForward(10_500);
  await leaveTopEdge(page);
  await expect(dialog(page)).toBeVisible();
}

test("does not show before 10 s; then shows when the pointer leaves the top edge, with focus inside", async ({
  page,
}) => {
  const events = await recordAnalytics(page);
  const dialogChunk = await open(page, "/about");

  await page.clock.fastForward(8_000 - (await onPage(page)));
  await leaveTopEdge(page);
  await expectNotTriggered(page);
  // Leaving through the side or into another element does nothing either.
  await page.clock.fastForward(11_500 - (await onPage(page)));
  await page.evaluate(() =>
    document.dispatchEvent(new MouseEvent("mouseout", { clientY: 200, relatedTarget: null, bubbles: true })),
  );
  await page.evaluate(() =>
    document.dispatchEvent(
      new MouseEvent("mouseout", { clientY: -1, relatedTarget: document.querySelector("main"), bubbles: true }),
    ),
  );
  await expectNotTriggered(page);
  // Nothing of the dialog was fetched before it was needed.
  expect(dialogChunk).toEqual([]);
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKey)).toBeNull();

  await leaveTopEdge(page);
  const popup = dialog(page);
  await expect(popup).toBeVisible();
  expect(dialogChunk.length).toBeGreaterThan(0);
  expect(await popup.evaluate((el: HTMLDialogElement) => el.open && el.matches(":modal"))).toBe(true);
  await expect(popup.getByLabel("Email address")).toBeFocused();
  await expect(popup.getByLabel("Email address")).toHaveAttribute("type", "email");
  await expect(popup.getByLabel("Email address")).toHaveAttribute("required", "");
  await expect(popup).toContainText("newsletter");
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKey)).not.toBeNull();
  await expect
    .poll(events)
    .toContainEqual(["event", "Exit Popup Shown", expect.objectContaining({ event_category: "Newsletter" })]);
});

test("Escape closes it and focus returns to where it was", async ({ page }) => {
  await open(page, "/training");
  const privacy = page.getByRole("navigation", { name: "Legal" }).getByRole("link", { name: "Privacy Policy" });
  await privacy.focus();
  await page.clock.fastForward(10_500);
  await leaveTopEdge(page);
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByLabel("Email address")).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(privacy).toBeFocused();
});

test("the close button closes it", async ({ page }) => {
  await openPopup(page);
  await dialog(page).getByRole("button", { name: "Close" }).click();
  await expect(dialog(page)).toBeHidden();
});

test("a click on the backdrop closes it; a click inside does not", async ({ page }) => {
  await openPopup(page);
  await dialog(page).getByRole("heading", { name: "Get our newsletter" }).click();
  await expect(dialog(page)).toBeVisible();
  // The top-left corner of the window is backdrop.
  await page.mouse.click(4, 4);
  await expect(dialog(page)).toBeHidden();
});

test("closes by itself after 60 s", async ({ page }) => {
  await openPopup(page);
  await page.clock.fastForward(59_000);
  await expect(dialog(page)).toBeVisible();
  await page.clock.fastForward(1_500);
  await expect(dialog(page)).toBeHidden();
});

test("does not close by itself while the visitor is filling it in", async ({ page }) => {
  await openPopup(page);
  // The page's time stands still from here (no frame, no timer): what a key does counts at once, not
  // once the page has painted again (a renderer may run its effects after the next frame).
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await dialog(page).getByLabel("Email address").pressSequentially("someone@");
  await page.clock.fastForward(61_000);
  await expect(dialog(page)).toBeVisible();
});

test("is never shown again once shown, also after a reload", async ({ page }) => {
  await openPopup(page);
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  // From here on, a render of the dialog would fetch its code again (a new document).
  const fetched: string[] = [];
  page.on("request", (r) => {
    if (/exit-popup-dialog/.test(r.url())) fetched.push(r.url());
  });

  await page.reload();
  await page.clock.fastForward(20_000);
  await leaveTopEdge(page);
  await settle(page);
  expect(fetched).toEqual([]);
  await expect(dialog(page)).toHaveCount(0);

  await gotoHydrated(page, "/about");
  await page.clock.fastForward(20_000);
  await leaveTopEdge(page);
  await settle(page);
  expect(fetched).toEqual([]);
  await expect(dialog(page)).toHaveCount(0);
});

test("never shows on the newsletter pages or the test dashboard", async ({ page }) => {
  for (const path of [
    "/newsletter",
    "/newsletter/confirm?token=abc",
    "/newsletter/unsubscribe?token=abc",
    "/test-forms",
  ]) {
    await open(page, path);
    await page.clock.fastForward(20_000);
    await leaveTopEdge(page);
    await settle(page);
    await expect(dialog(page), path).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKey), path).toBeNull();
  }
});

test("an empty e-mail is blocked in the browser", async ({ page }) => {
  await openPopup(page);
  let posted = false;
  page.on("request", (r) => {
    if (r.method() === "POST") posted = true;
  });
  const popup = dialog(page);
  await popup.getByRole("button", { name: "Subscribe" }).click();
  expect(await popup.getByLabel("Email address").evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(
    true,
  );
  await expect(popup).toBeVisible();
  expect(posted).toBe(false);
});

test("a real sign-up: thank-you, closed 2 s later, and the confirmation e-mail arrives @both-widths", async ({
  page,
  mailbox,
}) => {
  const events = await recordAnalytics(page);
  const address = uniqueEmail("exit-popup");
  // A course page has no React Router: the popup is an island there (ADR 090).
  await openPopup(page, "/courses/corporate-finance");
  const popup = dialog(page);
  await popup.getByLabel("Email address").fill(address);
  await popup.getByRole("button", { name: "Subscribe" }).click();
  await expect(popup.getByRole("status")).toHaveText(
    "Thank you! Please check your inbox and confirm your subscription.",
  );
  await expect(popup.getByLabel("Email address")).toHaveCount(0);
  await expect
    .poll(events)
    .toContainEqual(["event", "Subscribe", expect.objectContaining({ event_label: "Exit popup" })]);

  await page.clock.fastForward(1_000);
  await expect(popup).toBeVisible();
  await page.clock.fastForward(1_100);
  await expect(popup).toBeHidden();
  await page.clock.fastForward(600);
  await expect(page.locator("dialog")).toHaveCount(0);

  const email = await mailbox.waitForEmail(address, { subject: /confirm your subscription/i });
  expect(email.text).toContain("/newsletter/confirm?token=");
});

test("an error is shown in the dialog, which stays open", async ({ page }) => {
  await openPopup(page);
  await page.route("**/api/newsletter-signup", (route) => route.abort());
  const popup = dialog(page);
  await popup.getByLabel("Email address").fill(uniqueEmail("exit-offline"));
  await popup.getByRole("button", { name: "Subscribe" }).click();
  await expect(popup.getByRole("alert")).toContainText("could not reach our server");
  await page.clock.fastForward(5_000);
  await expect(popup).toBeVisible();

  // A refused address: its message under the field.
  await page.unroute("**/api/newsletter-signup");
  await popup.getByLabel("Email address").fill("someone@localhost");
  await popup.getByRole("button", { name: "Subscribe" }).click();
  await expect(popup.getByText("Please enter a valid email address")).toBeVisible();
  await expect(popup.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  await expect(popup).toBeVisible();
});

test("the open dialog has no WCAG 2.2 AA violations", async ({ page }) => {
  await openPopup(page);
  expect(await axeViolations(page)).toEqual([]);
  await dialog(page).getByLabel("Email address").fill("someone@localhost");
  await dialog(page).getByRole("button", { name: "Subscribe" }).click();
  await expect(dialog(page).getByText("Please enter a valid email address")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("on a reading page the intent itself brings the app: the popup opens on a page that had not loaded it", async ({
  page,
}) => {
  const appScripts: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/.*\.js$/.test(r.url())) appScripts.push(r.url());
  });
  await page.clock.install({ time: Date.now() - 60_000 });
  await page.goto("/about");
  await page.waitForLoadState("networkidle");
  expect(appScripts).toEqual([]);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");

  await page.clock.fastForward(10_500);
  await leaveTopEdge(page);
  await expect(page.locator("html")).toHaveAttribute("data-exit-intent", /pending|shown/);
  await expect(dialog(page)).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-exit-intent", "shown");
  expect(appScripts.length).toBeGreaterThan(0);
});
