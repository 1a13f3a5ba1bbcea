import { type Page } from "@playwright/test";
import {
  axeViolations,
  expect,
  expectIslandAwake,
  gotoHydrated,
  holdIsland,
  isPhone,
  pauseClock,
  test,
  uniqueEmail,
} from "./fixtures.ts";
import { ui } from "../../app/content/business.ts";
import {
  countSetupRequests,
  holdSetup,
  installStripeStandIn,
  testCards,
  type StripeTraffic,
} from "./payment-fixtures.ts";
import { consultationsOf } from "../../harness/order-rows.ts";
import type { SiteServer } from "../../harness/servers.ts";

// The paid consultation in the browser (spec sections 2, 4, 5, 8; issue 5):
// the screen, the card form (a Stripe.js stand-in served in place of
// js.stripe.com, confirming against the Stripe-shaped test server the site
// uses), the outcomes and their toasts, double submissions, the toasts
// themselves, the return pages, the £1.00 test payment, the keyless site,
// and axe scans.
//
// 3-D Secure: the stand-in cannot run a bank's challenge, so confirmPayment
// resolves with the PaymentIntent in requires_action. The page treats that
// as "not completed": the destructive toast 'Payment Not Completed' saying
// no money was taken, and the visitor stays on the page to try again.

const included = [
  "60-minute one-to-one strategy session with a senior consultant",
  "Analysis of your organisation's current challenges",
  "A tailored action plan with prioritised next steps",
  "A written follow-up summary of the session",
  "Priority booking for future training programmes",
];

const booking = (page: Page) => page.getByRole("region", { name: "Book and pay" });
const detailsForm = (page: Page) => page.getByRole("form", { name: "Your details" });
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));
const proceed = (page: Page) => page.getByRole("button", { name: /^(Proceed to Payment|Preparing Payment\.\.\.)$/ });
const payButton = (page: Page) =>
  page.getByRole("button", {
    name: /^(Complete Payment & Book Consultation|Complete Test Payment of £1\.00|Processing\.\.\.)$/,
  });
const notifications = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });
const toasts = (page: Page) => notifications(page).getByRole("listitem");
const cardNumber = (page: Page) => page.getByLabel("Card number");

// The shared site's Stripe-shaped server and database, for the helpers below.
let stripeUrl: string;
let dataDir: string;
test.beforeEach(({ sharedSite }) => {
  stripeUrl = sharedSite.stripeUrl;
  dataDir = sharedSite.dataDir;
});

function bookingsFor(email: string) {
  return consultationsOf(dataDir, email);
}

async function fillDetails(page: Page, { name = "Olivia Bennett", email = uniqueEmail("pay"), participants = 1 } = {}) {
  if (participants !== 1) await field(page, "Number of Participants").selectOption(String(participants));
  await field(page, "Contact Name").fill(name);
  await field(page, "Contact Email").fill(email);
  return { name, email, participants };
}

/** Proceed, and wait for the card form (the stand-in's field). */
async function proceedToCard(page: Page) {
  await proceed(page).click();
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
  await expect(cardNumber(page)).toBeVisible();
  await expect(page.getByTestId("card-form-loading")).toHaveCount(0);
}

/** Closes what is shown; a toast that closes itself meanwhile (after 5 s) is just as closed. */
async function closeToasts(page: Page) {
  await expect(async () => {
    if ((await toasts(page).count()) > 0) {
      await toasts(page).first().getByRole("button", { name: "Close notification" }).click({ timeout: 1_000 });
    }
    await expect(toasts(page)).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

async function openPaymentPage(page: Page, options?: { holdConfirms?: boolean }): Promise<StripeTraffic> {
  const traffic = await installStripeStandIn(page, { stripeUrl, ...options });
  await gotoHydrated(page, "/consultation-payment");
  return traffic;
}

test("the screen: what is included, participants 1 to 12 (default 1), required contact fields, the live total", async ({
  page,
}) => {
  const traffic = await openPaymentPage(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book a Premium Strategy Consultation");
  const list = page.getByRole("region", { name: "What is included" }).getByRole("listitem");
  await expect(list).toHaveText(included);

  const participants = field(page, "Number of Participants");
  await expect(participants).toHaveValue("1");
  const values = await participants.locator("option").evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
  // First the required select's placeholder (empty value), which cannot be chosen; 1 stays preselected.
  expect(values).toEqual(["", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]);
  await expect(participants.locator("option").first()).toHaveText("Select participants");
  await expect(participants.locator("option").first()).toBeDisabled();

  for (const label of ["Contact Name", "Contact Email"]) {
    await expect(field(page, label)).toHaveAttribute("required", "");
    await expect(detailsForm(page).locator("label", { hasText: label }).locator("[aria-hidden='true']")).toHaveText(
      "*",
    );
  }
  await expect(field(page, "Contact Email")).toHaveAttribute("type", "email");

  const total = page.getByTestId("payment-total");
  await expect(total).toHaveText("£4,500");
  await expect(booking(page)).toContainText("£4,500 per participant × 1 participant.");
  await participants.selectOption("3");
  await expect(total).toHaveText("£13,500");
  await expect(booking(page)).toContainText("£4,500 per participant × 3 participants");
  await participants.selectOption("12");
  await expect(total).toHaveText("£54,000");

  // Stripe.js is not fetched until the visitor proceeds.
  expect(traffic.scripts).toBe(0);
});

test("details typed before the page hydrated are kept and count", async ({ page }) => {
  await installStripeStandIn(page, { stripeUrl });
  // Hold the payment island's code back, so the visitor types into the server's HTML.
  const { release } = await holdIsland(page, "payment");
  await page.goto("/consultation-payment");
  await field(page, "Number of Participants").selectOption("3");
  await field(page, "Contact Name").fill("Olivia Bennett");
  await field(page, "Contact Email").fill(uniqueEmail("early"));
  await expect(booking(page).locator('[data-island="payment"]')).not.toHaveAttribute("data-island-awake");
  release();
  await expectIslandAwake(page, "payment");
  await expect(page.getByTestId("payment-total")).toHaveText("£13,500");
  await expect(proceed(page)).toBeEnabled();
  await proceedToCard(page);
  await expect(page.getByTestId("payment-summary")).toContainText("3 participants");
});

test("'Proceed to Payment' is disabled while the name or e-mail is empty; reached anyway, 'Missing Information'", async ({
  page,
}) => {
  await openPaymentPage(page);
  const requests = countSetupRequests(page);
  await expect(proceed(page)).toBeDisabled();
  await expect(page.getByText("Enter your name and email address to continue.")).toBeVisible();

  await field(page, "Contact Name").fill("Olivia Bennett");
  await expect(proceed(page)).toBeDisabled();
  await field(page, "Contact Email").fill(uniqueEmail("missing"));
  await expect(proceed(page)).toBeEnabled();
  await field(page, "Contact Name").fill("   ");
  await expect(proceed(page)).toBeDisabled();

  // Enter in a field does not submit while the button is disabled...
  await field(page, "Contact Email").press("Enter");
  await expect(toasts(page)).toHaveCount(0);
  // ...but if the form is sent anyway, the toast says what is missing.
  await detailsForm(page).evaluate((form) => (form as HTMLFormElement).requestSubmit());
  const toast = toasts(page);
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText("Missing Information");
  await expect(toast).toContainText("Please provide your name and email address");
  await expect(field(page, "Contact Name")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Contact Name")).toBeFocused();
  await expect(detailsForm(page)).toContainText("Please enter your name.");

  // An address the browser can tell is not one: said under the field, nothing sent.
  await field(page, "Contact Name").fill("Olivia Bennett");
  await expect(detailsForm(page)).not.toContainText("Please enter your name.");
  await field(page, "Contact Email").fill("olivia.example.test");
  await proceed(page).click();
  await expect(field(page, "Contact Email")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Contact Email")).toBeFocused();
  await expect(detailsForm(page)).toContainText("Please enter a valid email address.");
  expect(requests()).toBe(0);
});

test("the whole happy path: 'Preparing Payment...', the card form, 'Processing...', the toast, the success page, a paid booking and its e-mails @both-widths", async ({
  mailbox,
  page,
}) => {
  const traffic = await openPaymentPage(page, { holdConfirms: true });
  const setup = await holdSetup(page);
  const { email } = await fillDetails(page, { participants: 2 });
  await expect(page.getByTestId("payment-total")).toHaveText("£9,000");

  await proceed(page).click();
  await expect(proceed(page)).toHaveText("Preparing Payment...");
  await expect(proceed(page)).toBeDisabled();
  setup.release();
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeFocused();
  await expect(cardNumber(page)).toBeVisible();
  expect(traffic.scripts).toBe(1);

  const summary = page.getByTestId("payment-summary");
  await expect(summary).toContainText("2 participants");
  await expect(summary).toContainText(email);
  await expect(summary).toContainText("£9,000");
  await expect(booking(page)).toContainText("You will be charged £9,000");
  await expect(page.getByTestId("stripe-stand-in")).toHaveAttribute("data-layout", "tabs");

  // Stored as pending before the card form appeared.
  const [pending] = bookingsFor(email);
  expect(pending).toMatchObject({ status: "pending", quantity: 2, amount_pence: 900_000, currency: "gbp" });

  await cardNumber(page).fill(testCards.success);
  await payButton(page).click();
  await expect(payButton(page)).toHaveText("Processing...");
  await expect(payButton(page)).toBeDisabled();
  await expect(page.getByRole("button", { name: "Change details" })).toBeDisabled();
  traffic.releaseConfirms();

  const toast = toasts(page);
  await expect(toast).toContainText("Payment Successful");
  await expect(toast).toContainText("Thank you! You'll receive booking instructions via email.");
  await expect(page).toHaveURL(/\/consultation-success\?payment_intent=pi_[A-Za-z0-9]+$/);
  const paymentIntentId = new URL(page.url()).searchParams.get("payment_intent");
  expect(paymentIntentId).toBe(pending!.payment_intent_id);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful!");
  const main = page.getByRole("main");
  await expect(main).toContainText("We have received your payment of £9,000");
  await expect(main).toContainText("2 participants");
  await expect(main).toContainText("A confirmation e-mail within 5 minutes");
  await expect(main).toContainText("Our team contacts you within 24 hours");
  await expect(main).toContainText("A pre-consultation questionnaire");
  await expect(main.getByRole("link", { name: "Return to the homepage" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Explore our training" })).toHaveAttribute("href", "/training");
  await expect(main.getByRole("link", { name: "enquiries@meridian-executive.co.uk" })).toHaveAttribute(
    "href",
    "mailto:enquiries@meridian-executive.co.uk",
  );
  // The address is named only in part on a page anyone with the link can open.
  await expect(main).not.toContainText(email);
  await expect(main).toContainText(`${email[0]}•••@example.test`);
  expect(traffic.confirms).toBe(1);

  await expect.poll(() => bookingsFor(email)[0]?.status).toBe("paid");
  expect(bookingsFor(email)).toHaveLength(1);
  const confirmation = await mailbox.waitForEmail(email, { subject: /Your consultation is booked/ });
  expect(confirmation.text).toContain("Olivia Bennett");
  await mailbox.waitForTeamEmail(email, { subject: /Paid consultation/ });

  // The same return address, opened again, still tells the truth.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful!");
});

test("a declined card: the destructive 'Payment Failed' toast with Stripe's message; the visitor can pay again", async ({
  page,
}) => {
  const traffic = await openPaymentPage(page);
  const { email } = await fillDetails(page);
  await proceedToCard(page);
  await cardNumber(page).fill(testCards.declined);
  await payButton(page).click();

  const toast = toasts(page);
  await expect(toast).toContainText("Payment Failed");
  await expect(toast).toContainText("Your card was declined.");
  await expect(toast).toHaveAttribute("data-variant", "destructive");
  await expect(page.getByTestId("payment-problem")).toContainText("Your card was declined.");
  await expect(page).toHaveURL(/\/consultation-payment$/);
  await expect(payButton(page)).toHaveText("Complete Payment & Book Consultation");
  await expect(payButton(page)).toBeEnabled();
  // Focus, lost while the button was disabled, is back on it.
  await expect(payButton(page)).toBeFocused();
  await expect.poll(() => bookingsFor(email)[0]?.status).toBe("failed");

  // Another card, same booking: paid.
  await closeToasts(page);
  await cardNumber(page).fill(testCards.success);
  await payButton(page).click();
  await expect(page).toHaveURL(/\/consultation-success\?payment_intent=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful!");
  expect(traffic.confirms).toBe(2);
  await expect.poll(() => bookingsFor(email)[0]?.status).toBe("paid");
  expect(bookingsFor(email)).toHaveLength(1);
});

test("3-D Secure not completed: an honest 'Payment Not Completed' toast, no success, and the return page agrees", async ({
  page,
}) => {
  await openPaymentPage(page);
  const { email } = await fillDetails(page);
  await proceedToCard(page);
  const paymentIntentId = await page.locator("form[data-payment-intent]").getAttribute("data-payment-intent");
  await cardNumber(page).fill(testCards.threeDSecure);
  await payButton(page).click();

  const toast = toasts(page);
  await expect(toast).toContainText("Payment Not Completed");
  await expect(toast).toContainText("3-D Secure");
  await expect(toast).toContainText("no money has been taken");
  await expect(toast).toHaveAttribute("data-variant", "destructive");
  await expect(page).toHaveURL(/\/consultation-payment$/);
  await expect(payButton(page)).toBeEnabled();
  expect(bookingsFor(email)[0]?.status).toBe("pending");

  await gotoHydrated(page, `/consultation-success?payment_intent=${paymentIntentId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment not completed");
  await expect(page.getByRole("main")).not.toContainText("Payment Successful");
  await expect(page.getByRole("main").getByRole("link", { name: "Try again" })).toHaveAttribute(
    "href",
    "/consultation-payment",
  );
  expect(await axeViolations(page)).toEqual([]);
});

test("a double click on 'Proceed to Payment' sends one request and makes one PaymentIntent", async ({ page }) => {
  await openPaymentPage(page);
  const setup = await holdSetup(page);
  const requests = countSetupRequests(page);
  const { email } = await fillDetails(page);
  await proceed(page).dblclick();
  // Both clicks land while the first request is still on its way.
  await expect(proceed(page)).toHaveText("Preparing Payment...");
  setup.release();
  await expect(cardNumber(page)).toBeVisible();
  expect(requests()).toBe(1);
  const rows = bookingsFor(email);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.payment_intent_id).toMatch(/^pi_/);
});

test("'Complete Payment & Book Consultation' cannot be sent twice", async ({ page }) => {
  const traffic = await openPaymentPage(page, { holdConfirms: true });
  await fillDetails(page);
  await proceedToCard(page);
  await cardNumber(page).fill(testCards.success);
  await payButton(page).dblclick();
  await expect(payButton(page)).toHaveText("Processing...");
  // Pressing Enter in the card field while it works sends nothing either.
  await cardNumber(page).press("Enter");
  traffic.releaseConfirms();
  await expect(page).toHaveURL(/\/consultation-success\?payment_intent=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful!");
  expect(traffic.confirms).toBe(1);
});

test("'Change details' goes back to the details, kept, and a new Proceed prepares the new total", async ({ page }) => {
  await openPaymentPage(page);
  const { email } = await fillDetails(page, { participants: 2 });
  await proceedToCard(page);
  await page.getByRole("button", { name: "Change details" }).click();
  await expect(page.getByRole("heading", { name: "Your details" })).toBeFocused();
  await expect(field(page, "Contact Email")).toHaveValue(email);
  await expect(field(page, "Number of Participants")).toHaveValue("2");
  await field(page, "Number of Participants").selectOption("4");
  await expect(page.getByTestId("payment-total")).toHaveText("£18,000");
  await proceedToCard(page);
  await expect(page.getByTestId("payment-summary")).toContainText("£18,000");
  await cardNumber(page).fill(testCards.success);
  await payButton(page).click();
  await expect(page.getByRole("main")).toContainText("We have received your payment of £18,000");
});

test("setup failures: the server's message in an 'Error' toast, 'Failed to create payment', 'Failed to initialize payment'", async ({
  page,
}) => {
  await openPaymentPage(page);
  await fillDetails(page);
  const cases: { answer: Parameters<typeof page.route>[1]; message: string }[] = [
    {
      answer: (route) =>
        route.fulfill({ status: 400, json: { success: false, message: "Please enter a valid email address." } }),
      message: "Please enter a valid email address.",
    },
    {
      answer: (route) => route.fulfill({ status: 500, json: { success: false } }),
      message: "Failed to create payment",
    },
    { answer: (route) => route.abort("connectionfailed"), message: "Failed to initialize payment" },
    {
      answer: (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
      message: "Failed to initialize payment",
    },
  ];
  for (const { answer, message } of cases) {
    await page.route("**/api/create-consultation-payment", answer);
    await proceed(page).click();
    const toast = toasts(page);
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText(message);
    await expect(toast).toHaveAttribute("data-variant", "destructive");
    await expect(page.getByTestId("payment-setup-problem")).toContainText(message);
    await expect(proceed(page)).toHaveText("Proceed to Payment");
    await expect(proceed(page)).toBeEnabled();
    await expect(proceed(page)).toBeFocused();
    await page.unroute("**/api/create-consultation-payment");
    await closeToasts(page);
  }
  await expect(field(page, "Contact Name")).toHaveValue("Olivia Bennett");
});

/** Submits the empty details form: the "Missing Information" toast. */
async function raiseMissing(page: Page) {
  await detailsForm(page).evaluate((form) => (form as HTMLFormElement).requestSubmit());
}

test.describe("toasts", () => {
  test("when the toasts' view cannot be fetched, the message is still shown and announced", async ({ page }) => {
    await page.route(/\/assets\/toast-view-[\w-]+\.js$/, (route) => route.abort());
    await openPaymentPage(page);
    await raiseMissing(page);
    const plain = page.locator("[role='status'][aria-live='assertive']");
    await expect(plain).toContainText("Missing Information");
    await expect(plain).toContainText("Please provide your name and email address");
  });

  test("one at a time: a new toast replaces the previous one; the close button dismisses it", async ({ page }) => {
    await openPaymentPage(page);
    await raiseMissing(page);
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText("Missing Information");

    await page.route("**/api/create-consultation-payment", (route) =>
      route.fulfill({ status: 400, json: { success: false, message: "Something specific went wrong." } }),
    );
    await fillDetails(page);
    await proceed(page).click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText("Something specific went wrong.");
    await expect(toasts(page)).not.toContainText("Missing Information");

    const close = toasts(page).getByRole("button", { name: "Close notification" });
    await expect(close).toBeVisible();
    await close.click();
    await expect(toasts(page)).toHaveCount(0);
  });

  test("announced to screen readers, and gone after 5 seconds", async ({ page }) => {
    await page.clock.install();
    await openPaymentPage(page);
    // The pointer rests elsewhere: a hovered toast would pause its timer.
    await page.mouse.move(0, 0);
    // The page's time stands still from here unless moved on, however slow this machine is.
    await pauseClock(page);
    await raiseMissing(page);
    // The form's checks arrive with the first submit (nothing had focus), then the toast opens. Its
    // view is fetched in an effect, which Preact runs after the next frame (ADR 092): the page's
    // time moves a frame at a time until it is open.
    await expect(async () => {
      await page.clock.runFor(16);
      await expect(toasts(page)).toHaveCount(1, { timeout: 200 });
    }).toPass({ timeout: 10_000 });
    // Radix Toast announces the text in a live region outside the viewport,
    // two animation frames after the toast opens.
    await page.clock.runFor(100);
    await expect(page.locator("[role='status'][aria-live='assertive']")).toContainText("Missing Information");
    await expect(toasts(page)).toHaveCount(1);
    await page.clock.runFor(ui.toast.durationMs - 600);
    await expect(toasts(page)).toHaveCount(1);
    await page.clock.runFor(1_000);
    await expect(toasts(page)).toHaveCount(0);
  });

  test("swiping right past 50 px dismisses; a shorter swipe does not", async ({ page }) => {
    await openPaymentPage(page);
    await raiseMissing(page);
    const toast = toasts(page).first();
    await expect(toast).toBeVisible();
    // Grab the toast by its title.
    const box = (await toast.getByText("Missing Information").boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + 10;

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 6 });
    await page.mouse.up();
    await expect(toasts(page)).toHaveCount(1);

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 120, y, { steps: 12 });
    await page.mouse.up();
    await expect(toasts(page)).toHaveCount(0);
  });

  test("F8 moves focus to the notification area", async ({ page }) => {
    await openPaymentPage(page);
    await raiseMissing(page);
    await expect(toasts(page)).toHaveCount(1);
    await page.keyboard.press("F8");
    await expect(notifications(page).getByRole("list")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(toasts(page).first()).toBeFocused();
  });

  test("an open toast (default and destructive) has no WCAG 2.2 AA violations", async ({ page }) => {
    await openPaymentPage(page);
    await raiseMissing(page);
    await expect(toasts(page)).toHaveAttribute("data-variant", "destructive");
    expect(await axeViolations(page)).toEqual([]);

    await closeToasts(page);
    await fillDetails(page);
    await proceedToCard(page);
    await cardNumber(page).fill(testCards.success);
    await payButton(page).click();
    // Carried to the return page (ADR 093), where it stays in view.
    await expect(page).toHaveURL(/\/consultation-success\?/);
    await expect(toasts(page)).toContainText("Payment Successful");
    await expect(toasts(page)).toHaveAttribute("data-variant", "default");
    expect(await axeViolations(page)).toEqual([]);
  });
});

test("the success page visited directly, or with an unknown payment, shows no success", async ({ page }) => {
  for (const path of [
    "/consultation-success",
    "/consultation-success?payment_intent=pi_doesnotexist123",
    "/consultation-success?payment_intent=<script>",
  ]) {
    const response = await gotoHydrated(page, path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We could not find a payment");
    await expect(page.getByRole("main")).not.toContainText("Payment Successful");
    await expect(page.getByRole("main")).not.toContainText("What happens next");
    await expect(page.locator("meta[name='robots']")).toHaveAttribute("content", "noindex");
    expect(response?.headers()["cache-control"]).toContain("no-store");
  }
  await expect(page.getByRole("main").getByRole("link", { name: "Book a consultation" })).toHaveAttribute(
    "href",
    "/consultation-payment",
  );
  expect(await axeViolations(page)).toEqual([]);
});

test("the £1.00 test payment: hints, no participants, its own toast and return page", async ({ page }) => {
  await installStripeStandIn(page, { stripeUrl });
  const response = await gotoHydrated(page, "/test-payment");
  expect(response?.status()).toBe(200);
  await expect(page.locator("meta[name='robots']")).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Test Payment");
  const hints = page.getByRole("table");
  await expect(hints).toContainText("4242 4242 4242 4242");
  await expect(hints).toContainText("4000 0000 0000 0002");
  await expect(hints).toContainText("4000 0025 0000 3155");
  await expect(field(page, "Number of Participants")).toHaveCount(0);
  await expect(page.getByTestId("payment-total")).toHaveText("£1.00");
  expect(await axeViolations(page)).toEqual([]);

  const requests: unknown[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/create-consultation-payment")) requests.push(r.postDataJSON());
  });
  await expect(proceed(page)).toBeDisabled();
  const email = uniqueEmail("test-pay");
  await field(page, "Contact Name").fill("Quality Assurance");
  await field(page, "Contact Email").fill(email);
  await proceedToCard(page);
  expect(requests).toEqual([{ amount: 1, customerName: "Quality Assurance", customerEmail: email, test: true }]);
  await expect(page.getByTestId("payment-summary")).toContainText("£1.00");
  expect(await axeViolations(page)).toEqual([]);

  await cardNumber(page).fill(testCards.success);
  await payButton(page).click();
  await expect(toasts(page)).toContainText("Test Payment Successful");
  await expect(toasts(page)).toContainText("Payment processing works correctly!");
  await expect(page).toHaveURL(/\/test-payment-success\?payment_intent=pi_/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Test Payment Successful");
  await expect(page.getByRole("main")).toContainText("£1.00");
  expect(await axeViolations(page)).toEqual([]);
  expect(bookingsFor(email)).toMatchObject([{ is_test: 1, amount_pence: 100, quantity: null }]);

  await gotoHydrated(page, "/test-payment-success");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We could not find a payment");
});

test("the payment page has no WCAG 2.2 AA violations, before and after the card form mounts", async ({ page }) => {
  await openPaymentPage(page);
  expect(await axeViolations(page)).toEqual([]);
  await fillDetails(page);
  await proceedToCard(page);
  expect(await axeViolations(page)).toEqual([]);
});

test("the success state has no WCAG 2.2 AA violations @both-widths", async ({ page }) => {
  await openPaymentPage(page);
  await fillDetails(page);
  await proceedToCard(page);
  await cardNumber(page).fill(testCards.success);
  await payButton(page).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful!");
  if (isPhone(page)) await closeToasts(page);
  expect(await axeViolations(page)).toEqual([]);
  await closeToasts(page);
  expect(await axeViolations(page)).toEqual([]);
});

test("Stripe's and the toasts' code load only on the payment pages, the toasts' view with the first toast; Stripe.js only once the visitor proceeds", async ({
  page,
}) => {
  const stripeRequests: string[] = [];
  let scripts: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (/stripe/.test(url.hostname)) stripeRequests.push(r.url());
    if (url.pathname.endsWith(".js")) scripts.push(url.pathname);
  });
  const paymentChunks =
    /\/(toaster|toast-view|card-payment|payment-form|payment-outcome|pure|stripe-loader)-[\w-]+\.js$/;
  for (const path of ["/", "/contact", "/courses/corporate-finance"]) {
    scripts = [];
    await gotoHydrated(page, path);
    await page.getByRole("contentinfo").hover();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => paymentChunks.test(s))).toEqual([]);
  }
  scripts = [];
  await openPaymentPage(page);
  expect(scripts.some((s) => /\/card-payment-[\w-]+\.js$/.test(s))).toBe(false);
  expect(stripeRequests).toEqual([]);
  // The toasts' view (Radix Toast) comes with the first toast.
  expect(scripts.some((s) => /\/toast-view-[\w-]+\.js$/.test(s))).toBe(false);
  await raiseMissing(page);
  await expect(toasts(page)).toHaveCount(1);
  expect(scripts.some((s) => /\/toast-view-[\w-]+\.js$/.test(s))).toBe(true);
});

test.describe("without Stripe keys", () => {
  let keyless: SiteServer;
  test.beforeAll(async ({ launcher }) => {
    test.info().setTimeout(60_000);
    // A site of its own with the embedded defaults (no keys).
    keyless = await launcher.site({ name: "payment-keyless" });
  });
  test.afterAll(({ launcher }) => launcher.stopAll());

  test("the screen renders; Proceed says card payment is not set up (toast and a note that stays, linking to the contact page) @desktop", async ({
    page,
  }) => {
    const traffic = await installStripeStandIn(page, { stripeUrl });
    await gotoHydrated(page, `${keyless.baseURL}/consultation-payment`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book a Premium Strategy Consultation");
    await fillDetails(page);
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/create-consultation-payment"));
    await proceed(page).click();
    const response = await answer;
    expect(response.status()).toBe(503);
    const { message } = (await response.json()) as { message: string };

    await expect(toasts(page)).toContainText("Error");
    await expect(toasts(page)).toContainText(message);
    const note = page.getByTestId("payment-setup-problem");
    await expect(note).toContainText("Card payment is not available at the moment");
    await expect(note).toContainText(message);
    await expect(note.getByRole("link", { name: "contact us to arrange your consultation" })).toHaveAttribute(
      "href",
      "/contact?interest=consulting",
    );
    await closeToasts(page);
    await expect(note).toBeVisible();
    expect(traffic.scripts).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The test pages do not exist without test keys.
    const testPage = await page.goto(`${keyless.baseURL}/test-payment`);
    expect(testPage?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    expect((await page.goto(`${keyless.baseURL}/test-payment-success`))?.status()).toBe(404);
  });
});
