/**
 * TEST DOUBLE: a small Stripe-API-shaped HTTP server for the endpoints the
 * site uses (Stripe cannot be reached from here). It speaks Stripe's wire
 * protocol: form-encoded requests with bearer keys and Idempotency-Key,
 * Stripe-shaped JSON answers and errors, and webhook events signed with the
 * real `stripe` library's test-header helper, POSTed to the site.
 *
 *   POST /v1/payment_intents            create (idempotent per Idempotency-Key; a
 *        receipt_email the test refuses: 400 quoting it, as Stripe does)
 *   GET  /v1/payment_intents/:id        retrieve
 *   POST /v1/payment_intents/:id/confirm   payment_method=pm_card_visa (succeeds),
 *        pm_card_chargeDeclined (402 card_declined), pm_card_authenticationRequired
 *        (requires_action) — what Stripe.js's confirmPayment calls
 *   POST /v1/refunds                      payment_intent, amount (idempotent per
 *        Idempotency-Key; refused above what is left of a succeeded payment)
 *   GET  /__stats                        counts, for tests
 *
 * startFakeStripe listens on a port the OS gives (unless told one) and
 * reports it in `url`.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import Stripe from "stripe";

export type FakePaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: "requires_payment_method" | "requires_action" | "processing" | "succeeded" | "canceled";
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  description: string | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  next_action: { type: string; redirect_to_url?: { url: string; return_url: string } } | null;
  livemode: false;
  created: number;
};

export type FakeStripeOptions = {
  port?: number;
  webhookUrl?: string;
  webhookSecret?: string;
  /**
   * receipt_email values Stripe's own check refuses: creating a payment
   * with one answers 400 `Invalid email address: <the address>`, quoting it
   * as Stripe does. Default: none.
   */
  refusesReceiptEmail?: (email: string) => boolean;
};

export type FakeStripe = {
  server: Server;
  port: number;
  /** http://127.0.0.1:<port>: the site's STRIPE_API_URL. */
  url: string;
  /** Where signed events go (the site's /api/webhook/stripe). */
  setWebhookUrl(url: string): void;
  intents: Map<string, FakePaymentIntent>;
  stats: {
    created: number;
    createRequests: number;
    confirms: number;
    cancels: number;
    webhooksSent: number;
    webhookStatuses: number[];
  };
  /** Refunds made, by PaymentIntent id: each refund's amount. */
  refunds: Map<string, number[]>;
  /** Sends a signed event for this intent to the site (as Stripe would). */
  sendEvent(
    type: "payment_intent.succeeded" | "payment_intent.payment_failed",
    intent: FakePaymentIntent,
  ): Promise<number>;
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Stripe's form encoding: metadata[booking_id]=x → { metadata: { booking_id: x } } (one level is enough here). */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const nested = /^([^[]+)\[([^\]]+)\]$/.exec(key);
    if (nested) {
      const parent = (out[nested[1]!] ??= {}) as Record<string, string>;
      parent[nested[2]!] = value;
    } else out[key] = value;
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.on("data", (c: Buffer) => (data += c.toString()));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Request-Id": id("req"),
    "Access-Control-Allow-Origin": "*",
  });
  res.end(JSON.stringify(body));
}

const stripeError = (type: string, message: string, extra: object = {}) => ({ error: { type, message, ...extra } });

export function startFakeStripe({
  port = 0,
  webhookUrl,
  webhookSecret,
  refusesReceiptEmail = () => false,
}: FakeStripeOptions = {}): Promise<FakeStripe> {
  const intents = new Map<string, FakePaymentIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds = new Map<string, number[]>();
  const refundByIdempotencyKey = new Map<string, object>();
  const stats = {
    created: 0,
    createRequests: 0,
    confirms: 0,
    cancels: 0,
    webhooksSent: 0,
    webhookStatuses: [] as number[],
  };
  const signer = new Stripe("sk_test_fake");

  async function sendEvent(
    type: "payment_intent.succeeded" | "payment_intent.payment_failed",
    intent: FakePaymentIntent,
  ) {
    if (!webhookUrl || !webhookSecret) return 0;
    const payload = JSON.stringify({
      id: id("evt"),
      object: "event",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object: intent },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
      body: payload,
    });
    stats.webhooksSent += 1;
    stats.webhookStatuses.push(response.status);
    return response.status;
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (req.method === "OPTIONS") {
        res.writeHead(204, {
          "Access-Control-Allow-Origin": "*",
          "Access-Control-Allow-Headers": "Authorization, Content-Type, Stripe-Version, Idempotency-Key",
          "Access-Control-Allow-Methods": "GET, POST",
        });
        return res.end();
      }
      if (url.pathname === "/__stats") return send(res, 200, stats);
      const auth = req.headers.authorization ?? "";
      const body = parseForm(await readBody(req));
      // Server libraries send the key as a bearer token; Stripe.js sends the publishable key as a `key` field.
      const key = auth.replace(/^Bearer\s+/i, "") || (typeof body.key === "string" ? body.key : "");
      const keyOk = /^sk_test_/.test(key) || (/^pk_test_/.test(key) && url.pathname.endsWith("/confirm"));
      if (!keyOk) return send(res, 401, stripeError("invalid_request_error", "Invalid API Key provided."));

      if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
        stats.createRequests += 1;
        const idem = req.headers["idempotency-key"];
        if (typeof idem === "string" && byIdempotencyKey.has(idem))
          return send(res, 200, intents.get(byIdempotencyKey.get(idem)!));
        const amount = Number(body.amount);
        if (!Number.isInteger(amount) || amount < 30) {
          return send(
            res,
            400,
            stripeError("invalid_request_error", "Amount must be at least £0.30 gbp", { param: "amount" }),
          );
        }
        if (typeof body.receipt_email === "string" && refusesReceiptEmail(body.receipt_email)) {
          return send(
            res,
            400,
            stripeError("invalid_request_error", `Invalid email address: ${body.receipt_email}`, {
              param: "receipt_email",
            }),
          );
        }
        const pi: FakePaymentIntent = {
          id: id("pi"),
          object: "payment_intent",
          amount,
          currency: String(body.currency ?? "gbp"),
          status: "requires_payment_method",
          client_secret: "",
          metadata: (body.metadata as Record<string, string>) ?? {},
          receipt_email: (body.receipt_email as string) ?? null,
          description: (body.description as string) ?? null,
          last_payment_error: null,
          next_action: null,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        };
        pi.client_secret = `${pi.id}_secret_${randomBytes(8).toString("hex")}`;
        intents.set(pi.id, pi);
        if (typeof idem === "string") byIdempotencyKey.set(idem, pi.id);
        stats.created += 1;
        return send(res, 200, pi);
      }

      if (req.method === "POST" && url.pathname === "/v1/refunds") {
        const idem = req.headers["idempotency-key"];
        if (typeof idem === "string" && refundByIdempotencyKey.has(idem))
          return send(res, 200, refundByIdempotencyKey.get(idem));
        const intent = intents.get(String(body.payment_intent ?? ""));
        if (!intent) {
          return send(
            res,
            404,
            stripeError("invalid_request_error", `No such payment_intent: '${String(body.payment_intent)}'`, {
              code: "resource_missing",
            }),
          );
        }
        const made = refunds.get(intent.id) ?? [];
        const left = intent.amount - made.reduce((a, b) => a + b, 0);
        const amount = body.amount === undefined ? left : Number(body.amount);
        if (intent.status !== "succeeded" || !Number.isInteger(amount) || amount < 1 || amount > left) {
          return send(
            res,
            400,
            stripeError(
              "invalid_request_error",
              `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`,
              { code: "amount_too_large" },
            ),
          );
        }
        refunds.set(intent.id, [...made, amount]);
        const refund = {
          id: id("re"),
          object: "refund",
          amount,
          currency: intent.currency,
          payment_intent: intent.id,
          status: "succeeded",
          metadata: body.metadata ?? {},
        };
        if (typeof idem === "string") refundByIdempotencyKey.set(idem, refund);
        return send(res, 200, refund);
      }

      const match = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/.exec(url.pathname);
      const pi = match ? intents.get(match[1]!) : undefined;
      if (match && !pi) {
        return send(
          res,
          404,
          stripeError("invalid_request_error", `No such payment_intent: '${match[1]}'`, { code: "resource_missing" }),
        );
      }
      if (req.method === "GET" && match && !match[2]) return send(res, 200, pi);

      // Cancelling, as Stripe does: refused once the payment succeeded (or was cancelled), with its status.
      if (req.method === "POST" && match?.[2] === "/cancel" && pi) {
        if (!/^sk_/.test(key)) return send(res, 401, stripeError("invalid_request_error", "A secret key is needed."));
        if (pi.status === "succeeded" || pi.status === "canceled") {
          return send(
            res,
            400,
            stripeError(
              "invalid_request_error",
              `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
              { code: "payment_intent_unexpected_state" },
            ),
          );
        }
        pi.status = "canceled";
        stats.cancels += 1;
        return send(res, 200, { ...pi, cancellation_reason: body.cancellation_reason ?? null });
      }

      if (req.method === "POST" && match?.[2] && pi) {
        stats.confirms += 1;
        if (pi.status === "canceled") {
          return send(
            res,
            400,
            stripeError(
              "invalid_request_error",
              "This PaymentIntent's payment_method could not be updated because it has a status of canceled. You may only update the payment_method of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.",
              { code: "payment_intent_unexpected_state" },
            ),
          );
        }
        if (/^pk_/.test(key) && body.client_secret !== pi.client_secret) {
          return send(res, 400, stripeError("invalid_request_error", "The client_secret provided does not match."));
        }
        if (pi.status === "succeeded") {
          return send(
            res,
            400,
            stripeError("invalid_request_error", "This PaymentIntent has already succeeded.", {
              code: "payment_intent_unexpected_state",
            }),
          );
        }
        const method = String(body.payment_method ?? "");
        if (method === "pm_card_visa") {
          pi.status = "succeeded";
          pi.last_payment_error = null;
          send(res, 200, pi);
          await sendEvent("payment_intent.succeeded", pi);
          return;
        }
        if (method === "pm_card_authenticationRequired") {
          pi.status = "requires_action";
          pi.next_action = { type: "use_stripe_sdk" };
          return send(res, 200, pi);
        }
        pi.status = "requires_payment_method";
        pi.last_payment_error = { type: "card_error", code: "card_declined", message: "Your card was declined." };
        send(
          res,
          402,
          stripeError("card_error", "Your card was declined.", {
            code: "card_declined",
            decline_code: "generic_decline",
            payment_intent: pi,
          }),
        );
        await sendEvent("payment_intent.payment_failed", pi);
        return;
      }
      send(
        res,
        404,
        stripeError("invalid_request_error", `Unrecognized request URL (${req.method}: ${url.pathname}).`),
      );
    } catch (error) {
      send(res, 500, stripeError("api_error", (error as Error).message));
    }
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : port;
      resolve({
        server,
        port: bound,
        url: `http://127.0.0.1:${bound}`,
        setWebhookUrl: (url) => void (webhookUrl = url),
        intents,
        stats,
        refunds,
        sendEvent,
        close: () =>
          new Promise<void>((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}
