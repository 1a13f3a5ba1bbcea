/**
 * Stripe's errors can quote the customer's address: the payment service
 * masks it in what it logs (through the site's pino logger, captured here)
 * and in what it stores, on both databases. The Stripe-shaped test server
 * refuses the address as Stripe does, quoting it.
 */
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { PaymentSetupError } from "~/orders/consultation-payments.server.ts";
import { capturedLog } from "../support/captured-log.ts";
import { consultationRow } from "../support/factories.ts";
import { dialects } from "./databases.ts";
import { usePaymentService } from "./fixtures.ts";

const secret = "whsec_payment_logs";
const refused = "Ann.Lee+Training@Example.co.uk";

describe.each(dialects)("Stripe's errors in the log and the bookings on %s", (dialect) => {
  const app = usePaymentService(
    dialect,
    { refusesReceiptEmail: (email) => email === refused },
    // The log as server/services.ts wires it.
    { secretKey: "sk_test_logs", webhookSecret: secret, log: (message) => log.error(message) },
  );
  const { log, text } = capturedLog();

  const outcome = async (column: "customer_email" | "payment_intent_id", value: string) => {
    const { status, failure_message } = await consultationRow(
      app.t.handle.db,
      column === "customer_email" ? { email: value } : { paymentIntentId: value },
    );
    return { status, failure_message };
  };
  const noAddress = (written: string) => expect(written).not.toMatch(/ann\.lee|training@|example\.co\.uk/i);

  it("logs and stores a refused payment's error without the address Stripe quoted", async () => {
    const request = {
      customerName: "Ann Lee",
      customerEmail: refused,
      quantity: 1,
      amountPence: 450_000,
      isTest: false,
    };
    const failure = await app.payments.createPayment(request, "/consultation-payment").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentSetupError);
    noAddress((failure as Error).message);

    const logged = text();
    expect(logged).toContain("Stripe: creating the payment for booking");
    expect(logged).toContain("Invalid email address: [address]");
    noAddress(logged);

    expect(await outcome("customer_email", refused)).toEqual({
      status: "setup_failed",
      failure_message: "Invalid email address: [address]",
    });
  });

  it("stores a declined payment's message without an address it quotes", async () => {
    const request = {
      customerName: "Kim Park",
      customerEmail: "kim@example.test",
      quantity: 1,
      amountPence: 450_000,
      isTest: false,
    };
    const { paymentIntentId } = await app.payments.createPayment(request, "/consultation-payment");
    const intent = {
      ...app.fake.intents.get(paymentIntentId)!,
      status: "requires_payment_method",
      last_payment_error: {
        type: "card_error",
        code: "card_declined",
        message: "The bank refused the charge for <KIM@example.test>.",
      },
    };
    const payload = JSON.stringify({
      id: `evt_declined_${dialect}`,
      object: "event",
      type: "payment_intent.payment_failed",
      data: { object: intent },
      created: Math.floor(Date.now() / 1000),
    });
    const header = new Stripe("sk_test_signer").webhooks.generateTestHeaderString({ payload, secret });
    expect((await app.webhooks.handleWebhook(payload, header)).status).toBe(200);
    expect(await outcome("payment_intent_id", paymentIntentId)).toEqual({
      status: "failed",
      failure_message: "The bank refused the charge for <[address]>.",
    });
  });
});
