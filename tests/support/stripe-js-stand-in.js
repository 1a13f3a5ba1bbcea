/*
 * ============================================================================
 *  TEST DOUBLE: NOT STRIPE.JS. Never serve this outside the browser tests.
 * ============================================================================
 *
 * A stand-in for Stripe.js (https://js.stripe.com/...), which cannot be
 * reached from the test machine. The browser tests serve it in place of
 * Stripe's script with Playwright's route interception
 * (tests/e2e/payment-fixtures.ts); @stripe/stripe-js's loadStripe injects
 * <script src="https://js.stripe.com/<release>/stripe.js"> and, once it
 * has loaded, reads `window.Stripe`.
 *
 * It implements only what the site uses, with Stripe.js's shapes:
 *
 *   Stripe(publishableKey) → stripe
 *   stripe.elements({ clientSecret, appearance }) → elements
 *   elements.create("payment", { layout }) → element
 *   element.mount(domElement | selector)   renders ONE labelled "Card number"
 *       text input (no iframe; real Stripe.js renders its fields in iframes)
 *   element.on/off("ready" | "change" | "focus" | "blur" | "loaderror", cb),
 *       update, focus, blur, clear, unmount, destroy
 *   elements.getElement("payment"), elements.update, elements.submit()
 *   stripe.confirmPayment({ elements, confirmParams: { return_url }, redirect })
 *
 * confirmPayment maps the typed card number to one of Stripe's test payment
 * methods and POSTs https://api.stripe.com/v1/payment_intents/<id>/confirm,
 * form-encoded (payment_method, client_secret, key, return_url), as
 * Stripe.js does; the tests route api.stripe.com to the Stripe-shaped test
 * server (harness/fake-stripe.ts). It resolves like Stripe.js:
 * { paymentIntent } or { error } (Stripe's error object, e.g. card_declined
 * with "Your card was declined.").
 *
 *   4242 4242 4242 4242 → pm_card_visa                    (succeeds)
 *   4000 0000 0000 0002 → pm_card_chargeDeclined          (declined)
 *   4000 0025 0000 3155 → pm_card_authenticationRequired  (3-D Secure)
 *   anything else       → { error: validation_error }     (no request)
 *
 * 3-D Secure: real Stripe.js would now show the bank's challenge. The
 * stand-in cannot, so it resolves with the PaymentIntent as the API left
 * it (status "requires_action"), which is what a page must cope with when
 * the challenge is not completed: it must not claim success.
 *
 * With redirect "always" (the default), a successful confirmation goes to
 * return_url with payment_intent, payment_intent_client_secret and
 * redirect_status, as Stripe.js does.
 */
/* global window, document, fetch, URL, URLSearchParams, setTimeout */
(function () {
  "use strict";

  var API = "https://api.stripe.com/v1";
  var testCards = {
    4242424242424242: "pm_card_visa",
    4000000000000002: "pm_card_chargeDeclined",
    4000002500003155: "pm_card_authenticationRequired",
  };
  var mounted = 0;

  function intentId(clientSecret) {
    var at = clientSecret.indexOf("_secret_");
    return at > 0 ? clientSecret.slice(0, at) : clientSecret;
  }

  function later(fn) {
    setTimeout(fn, 0);
  }

  function createPaymentElement(elements, options) {
    var listeners = {};
    var container = null;
    var input = null;
    var ready = false;
    var destroyed = false;

    function emit(event, payload) {
      (listeners[event] || []).slice().forEach(function (cb) {
        cb(payload);
      });
    }

    function digits() {
      return input ? input.value.replace(/\D/g, "") : "";
    }

    function changeEvent() {
      var number = digits();
      return {
        elementType: "payment",
        empty: number.length === 0,
        complete: number.length >= 15,
        collapsed: false,
        value: { type: "card" },
      };
    }

    var element = {
      _standIn: true,
      _cardNumber: digits,
      mount: function (target) {
        if (destroyed) throw new Error("IntegrationError: this Element has been destroyed.");
        var node = typeof target === "string" ? document.querySelector(target) : target;
        if (!node) throw new Error("IntegrationError: the selector you specified does not match an element.");
        mounted += 1;
        var id = "stripe-stand-in-card-number-" + mounted;
        container = document.createElement("div");
        container.setAttribute("data-testid", "stripe-stand-in");
        container.setAttribute("data-layout", (options && options.layout) || "");
        container.style.display = "grid";
        container.style.gap = "0.375rem";

        var label = document.createElement("label");
        label.htmlFor = id;
        label.textContent = "Card number";
        label.style.fontWeight = "600";
        label.style.fontSize = "0.875rem";
        label.style.color = "#0f172a";

        input = document.createElement("input");
        input.id = id;
        input.type = "text";
        input.name = "cardnumber";
        input.inputMode = "numeric";
        input.autocomplete = "cc-number";
        input.placeholder = "1234 1234 1234 1234";
        input.style.border = "1px solid #64748b";
        input.style.borderRadius = "6px";
        input.style.padding = "0.625rem 0.75rem";
        input.style.fontSize = "1rem";
        input.style.color = "#0f172a";
        input.style.background = "#ffffff";
        input.addEventListener("input", function () {
          emit("change", changeEvent());
        });
        input.addEventListener("focus", function () {
          emit("focus", { elementType: "payment" });
        });
        input.addEventListener("blur", function () {
          emit("blur", { elementType: "payment" });
        });

        var note = document.createElement("p");
        note.textContent = "Test double of Stripe's Payment Element (browser tests only).";
        note.style.fontSize = "0.75rem";
        note.style.color = "#334155";
        note.style.margin = "0";

        container.appendChild(label);
        container.appendChild(input);
        container.appendChild(note);
        node.appendChild(container);
        // Stripe's iframe takes a moment to load; "ready" follows.
        setTimeout(function () {
          if (destroyed || !container) return;
          ready = true;
          emit("ready", { elementType: "payment" });
          emit("change", changeEvent());
        }, 30);
      },
      on: function (event, cb) {
        (listeners[event] = listeners[event] || []).push(cb);
        // A listener added after the element became ready still hears it.
        if (event === "ready" && ready) {
          later(function () {
            cb({ elementType: "payment" });
          });
        }
        return element;
      },
      off: function (event, cb) {
        listeners[event] = (listeners[event] || []).filter(function (x) {
          return cb !== undefined && x !== cb;
        });
        return element;
      },
      once: function (event, cb) {
        function wrapped(payload) {
          element.off(event, wrapped);
          cb(payload);
        }
        return element.on(event, wrapped);
      },
      update: function (next) {
        options = Object.assign({}, options, next);
      },
      focus: function () {
        if (input) input.focus();
      },
      blur: function () {
        if (input) input.blur();
      },
      clear: function () {
        if (input) input.value = "";
      },
      collapse: function () {},
      unmount: function () {
        if (container && container.parentNode) container.parentNode.removeChild(container);
        container = null;
        input = null;
        ready = false;
      },
      destroy: function () {
        element.unmount();
        destroyed = true;
        listeners = {};
        if (elements._paymentElement === element) elements._paymentElement = null;
      },
    };
    return element;
  }

  function createElements(options) {
    options = options || {};
    var elements = {
      _clientSecret: options.clientSecret || null,
      _paymentElement: null,
      create: function (type, elementOptions) {
        if (type !== "payment")
          throw new Error("Stripe.js stand-in: only the Payment Element is implemented (asked for " + type + ").");
        if (elements._paymentElement) {
          throw new Error("IntegrationError: Can only create one Element of type payment.");
        }
        elements._paymentElement = createPaymentElement(elements, elementOptions || {});
        return elements._paymentElement;
      },
      getElement: function (type) {
        return type === "payment" ? elements._paymentElement : null;
      },
      update: function (next) {
        options = Object.assign({}, options, next);
      },
      fetchUpdates: function () {
        return Promise.resolve({});
      },
      submit: function () {
        var element = elements._paymentElement;
        var number = element ? element._cardNumber() : "";
        if (!number) {
          return Promise.resolve({
            error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." },
          });
        }
        return Promise.resolve({});
      },
    };
    return elements;
  }

  function notImplemented(name) {
    return function () {
      return Promise.reject(new Error("Stripe.js stand-in: " + name + " is not implemented."));
    };
  }

  /** What Stripe.js hands the page: no metadata or receipt e-mail with a publishable key. */
  function publicIntent(intent) {
    var copy = Object.assign({}, intent);
    delete copy.metadata;
    delete copy.receipt_email;
    return copy;
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== "string" || !/^pk_/.test(publishableKey)) {
      throw new Error("IntegrationError: Invalid value for Stripe(): apiKey should be a publishable key (pk_...).");
    }

    return {
      _standIn: true,
      elements: createElements,
      createToken: notImplemented("createToken"),
      createPaymentMethod: notImplemented("createPaymentMethod"),
      confirmCardPayment: notImplemented("confirmCardPayment"),
      retrievePaymentIntent: notImplemented("retrievePaymentIntent"),
      registerAppInfo: function () {},
      _registerWrapper: function () {},
      confirmPayment: function (params) {
        params = params || {};
        var elements = params.elements;
        var clientSecret = params.clientSecret || (elements && elements._clientSecret);
        var confirmParams = params.confirmParams || {};
        var redirect = params.redirect || "always";
        if (!clientSecret) {
          return Promise.reject(
            new Error("IntegrationError: confirmPayment needs a clientSecret (in Elements or the call)."),
          );
        }
        if (redirect === "always" && !confirmParams.return_url) {
          return Promise.reject(
            new Error(
              "IntegrationError: stripe.confirmPayment(): the `confirmParams.return_url` argument is required.",
            ),
          );
        }
        var element = elements && elements._paymentElement;
        var number = element ? element._cardNumber() : "";
        if (!number) {
          return Promise.resolve({
            error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." },
          });
        }
        var paymentMethod = testCards[number];
        if (!paymentMethod) {
          return Promise.resolve({
            error: { type: "validation_error", code: "invalid_number", message: "Your card number is invalid." },
          });
        }
        var id = intentId(clientSecret);
        var body = new URLSearchParams({
          payment_method: paymentMethod,
          client_secret: clientSecret,
          key: publishableKey,
          expected_payment_method_type: "card",
          use_stripe_sdk: "true",
        });
        if (confirmParams.return_url) body.set("return_url", confirmParams.return_url);

        return fetch(API + "/payment_intents/" + encodeURIComponent(id) + "/confirm", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: body.toString(),
        }).then(
          function (response) {
            return response.json().then(
              function (json) {
                if (!response.ok || json.error) {
                  return {
                    error: json.error || { type: "api_error", message: "An unexpected error occurred." },
                  };
                }
                var intent = publicIntent(json);
                if (intent.status === "succeeded" && redirect === "always" && confirmParams.return_url) {
                  var url = new URL(confirmParams.return_url);
                  url.searchParams.set("payment_intent", intent.id);
                  url.searchParams.set("payment_intent_client_secret", clientSecret);
                  url.searchParams.set("redirect_status", "succeeded");
                  window.location.assign(url.toString());
                  return new Promise(function () {});
                }
                return { paymentIntent: intent };
              },
              function () {
                return { error: { type: "api_error", message: "An unexpected error occurred." } };
              },
            );
          },
          function () {
            return {
              error: {
                type: "api_connection_error",
                message: "We could not connect to Stripe. Please check your connection and try again.",
              },
            };
          },
        );
      },
    };
  }

  // @stripe/stripe-js compares this with the release it expects.
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
