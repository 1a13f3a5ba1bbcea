import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createFailedMessage,
  createPayment,
  createPaymentPath,
  initialiseFailedMessage,
} from "~/components/payment/create-payment.ts";
import { formatAmountGbp, formatPence, maskEmail, participantsText } from "~/components/payment/format.ts";
import { paymentIntentIdFromSecret } from "~/components/payment/stripe-loader.ts";
import type * as ToastStore from "~/components/toast/use-toast.ts";
import { expectOutputs } from "../support/cases.ts";

// The payment pages' browser-side helpers: amounts and addresses as shown,
// the setup call's outcomes (spec section 8's messages), and the toast list
// (at most one, replaced, updated, dismissed).

describe("amounts and addresses", () => {
  it("shows whole pounds without pence and the £1 test payment with them", () => {
    expectOutputs(formatAmountGbp, [
      [4500, "£4,500"],
      [54_000, "£54,000"],
      [1, "£1.00"],
    ]);
    expectOutputs(formatPence, [
      [900_000, "£9,000"],
      [100, "£1.00"],
      [1050, "£10.50"],
    ]);
  });

  it("names participants in the singular and plural", () => {
    expectOutputs(participantsText, [
      [1, "1 participant"],
      [12, "12 participants"],
    ]);
  });

  it("hides most of an e-mail address, keeping its first letter and domain", () => {
    expectOutputs(maskEmail, [
      ["olivia@example.com", "o•••@example.com"],
      ["o•••@example.com", "o•••@example.com"],
      ["not-an-address", "your e-mail address"],
    ]);
  });

  it("reads the PaymentIntent id from a client secret", () => {
    expectOutputs(paymentIntentIdFromSecret, [
      ["pi_3Abc_secret_xyz", "pi_3Abc"],
      ["pi_plain", "pi_plain"],
    ]);
  });
});

describe("createPayment", () => {
  const body = { amount: 9000, customerName: "Olivia Bennett", customerEmail: "olivia@example.test", quantity: 2 };
  const answer = (status: number, json: unknown) =>
    vi.fn(async () => new Response(typeof json === "string" ? json : JSON.stringify(json), { status }));

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("posts the body as JSON and answers the client secret and PaymentIntent id", async () => {
    const fetchMock = answer(200, { success: true, clientSecret: "pi_1_secret_2", paymentIntentId: "pi_1" });
    vi.stubGlobal("fetch", fetchMock);
    expect(await createPayment(body)).toEqual({ ok: true, clientSecret: "pi_1_secret_2", paymentIntentId: "pi_1" });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(createPaymentPath);
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual(body);
    expect(new Headers(init.headers).get("Content-Type")).toBe("application/json");
  });

  it("derives the PaymentIntent id from the secret when the answer has none", async () => {
    vi.stubGlobal("fetch", answer(200, { success: true, clientSecret: "pi_9_secret_2" }));
    expect(await createPayment(body)).toMatchObject({ ok: true, paymentIntentId: "pi_9" });
  });

  it("passes the server's message on, and flags 503 (card payment not set up)", async () => {
    vi.stubGlobal("fetch", answer(400, { success: false, message: "Please enter a valid email address." }));
    expect(await createPayment(body)).toEqual({
      ok: false,
      status: 400,
      message: "Please enter a valid email address.",
      unavailable: false,
    });
    vi.stubGlobal("fetch", answer(503, { success: false, message: "Card payment is not set up." }));
    expect(await createPayment(body)).toMatchObject({ ok: false, status: 503, unavailable: true });
  });

  it("says 'Failed to create payment' for an unsuccessful answer without a message", async () => {
    vi.stubGlobal("fetch", answer(500, { success: false }));
    expect(await createPayment(body)).toMatchObject({ ok: false, message: createFailedMessage });
    vi.stubGlobal("fetch", answer(200, { success: false, message: "  " }));
    expect(await createPayment(body)).toMatchObject({ ok: false, message: createFailedMessage });
  });

  it("says 'Failed to initialize payment' when the server cannot be reached or answers something else", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect(await createPayment(body)).toEqual({
      ok: false,
      status: 0,
      message: initialiseFailedMessage,
      unavailable: false,
    });
    vi.stubGlobal("fetch", answer(502, "<h1>Bad gateway</h1>"));
    expect(await createPayment(body)).toMatchObject({ ok: false, status: 502, message: initialiseFailedMessage });
    // A success without a client secret is no success.
    vi.stubGlobal("fetch", answer(200, { success: true }));
    expect(await createPayment(body)).toMatchObject({ ok: false, message: initialiseFailedMessage });
  });
});

describe("toasts", () => {
  type Store = typeof ToastStore;
  let store: Store;
  const seen = () => store.currentToasts();

  beforeEach(async () => {
    vi.useFakeTimers();
    // toast() works only in a browser.
    vi.stubGlobal("window", {});
    vi.resetModules();
    store = await import("~/components/toast/use-toast.ts");
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows at most one: a new toast replaces the previous one", () => {
    store.toast({
      title: "Missing Information",
      description: "Please provide your name and email address",
      variant: "destructive",
    });
    const second = store.toast({ title: "Error", description: "Failed to initialize payment", variant: "destructive" });
    const list = seen();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: second.id, title: "Error", open: true, variant: "destructive" });
  });

  it("defaults to the default variant; a toast can be updated in place", () => {
    const handle = store.toast({ title: "Payment Successful" });
    expect(seen()[0]).toMatchObject({ variant: "default" });
    handle.update({ description: "Thank you!" });
    expect(seen()[0]).toMatchObject({
      id: handle.id,
      title: "Payment Successful",
      description: "Thank you!",
      open: true,
    });
  });

  it("a dismissed toast closes at once and leaves the list a moment later", () => {
    const handle = store.toast({ title: "Error" });
    handle.dismiss();
    expect(seen()[0]).toMatchObject({ open: false });
    vi.advanceTimersByTime(1000);
    expect(seen()).toEqual([]);
    // Updating or dismissing a toast that has gone changes nothing.
    handle.update({ title: "Changed" });
    handle.dismiss();
    expect(seen()).toEqual([]);
  });

  it("does nothing on the server", async () => {
    vi.unstubAllGlobals();
    vi.resetModules();
    const serverStore: Store = await import("~/components/toast/use-toast.ts");
    const handle = serverStore.toast({ title: "Error" });
    expect(handle.id).toBe("");
    expect(serverStore.currentToasts()).toEqual([]);
  });
});
