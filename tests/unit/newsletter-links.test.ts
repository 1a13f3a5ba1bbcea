import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { servicesContext } from "~/services.ts";
import type { LeadService } from "~/leads/types.ts";
import * as linkRoute from "~/routes/newsletter-link.tsx";
import { standInServices } from "../support/stand-in-services.ts";

// The actions behind the links in newsletter e-mails: the status for each
// outcome, where the token comes from, and a 503 (never a 500) when the
// lead service fails. The browser flows are in tests/e2e/newsletter.spec.ts.

function contextWith(leads: Partial<LeadService>) {
  const context = new RouterContextProvider();
  // The newsletter links never reach the back office, the content or course bookings.
  context.set(servicesContext, standInServices({ leads: leads as LeadService }));
  return context;
}

function post(path: string, form: Record<string, string>) {
  return new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(form) });
}

type Answer = { data: { outcome: string }; init: { status: number } | null };

async function run(
  action: (args: never) => Promise<unknown>,
  request: Request,
  context: RouterContextProvider,
): Promise<{ outcome: string; status: number }> {
  // The router's `url`: the page's address (for a hydrated page's `.data` request too).
  const answer = (await action({ request, url: new URL(request.url), context, params: {} } as never)) as Answer;
  return { outcome: answer.data.outcome, status: answer.init?.status ?? 200 };
}

describe("confirm action", () => {
  it("confirms with the token from the form, and maps each outcome to its status", async () => {
    for (const [outcome, status] of [
      ["confirmed", 200],
      ["already-confirmed", 200],
      ["unknown", 404],
    ] as const) {
      const confirmNewsletter = vi.fn().mockResolvedValue(outcome);
      const answer = await run(
        linkRoute.action,
        post("/newsletter/confirm", { token: "abc" }),
        contextWith({ confirmNewsletter }),
      );
      expect(answer).toEqual({ outcome, status });
      expect(confirmNewsletter).toHaveBeenCalledWith("abc");
    }
  });

  it("answers 400 for a missing or overlong token without calling the service", async () => {
    const confirmNewsletter = vi.fn();
    const context = contextWith({ confirmNewsletter });
    expect(await run(linkRoute.action, post("/newsletter/confirm", {}), context)).toEqual({
      outcome: "invalid",
      status: 400,
    });
    expect(await run(linkRoute.action, post("/newsletter/confirm", { token: "x".repeat(257) }), context)).toEqual({
      outcome: "invalid",
      status: 400,
    });
    expect(confirmNewsletter).not.toHaveBeenCalled();
  });

  it("answers 503 when the service fails", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const confirmNewsletter = vi.fn().mockRejectedValue(new Error("database down"));
    expect(
      await run(linkRoute.action, post("/newsletter/confirm", { token: "abc" }), contextWith({ confirmNewsletter })),
    ).toEqual({ outcome: "unavailable", status: 503 });
    // No service at all (not set up): also a 503.
    expect(
      await run(linkRoute.action, post("/newsletter/confirm", { token: "abc" }), new RouterContextProvider()),
    ).toEqual({ outcome: "unavailable", status: 503 });
    error.mockRestore();
  });

  it("a GET (the loader) never calls the service, and names the link", () => {
    const get = (address: string) => {
      const request = new Request(`http://localhost${address}`);
      return linkRoute.loader({ request, url: new URL(request.url) } as never) as unknown as Answer & {
        data: { token: string | null; link: string };
      };
    };
    expect(get("/newsletter/confirm?token=abc").data).toEqual({ token: "abc", link: "confirm" });
    expect(get("/newsletter/unsubscribe/?token=abc").data).toEqual({ token: "abc", link: "unsubscribe" });
    expect(get("/newsletter/confirm").init?.status).toBe(400);
  });

  it("each address acts on its own link only", async () => {
    const confirmNewsletter = vi.fn().mockResolvedValue("confirmed");
    const unsubscribeNewsletter = vi.fn().mockResolvedValue("unsubscribed");
    const context = contextWith({ confirmNewsletter, unsubscribeNewsletter });
    expect(await run(linkRoute.action, post("/newsletter/unsubscribe", { token: "u" }), context)).toEqual({
      outcome: "unsubscribed",
      status: 200,
    });
    expect(await run(linkRoute.action, post("/newsletter/confirm", { token: "c" }), context)).toEqual({
      outcome: "confirmed",
      status: 200,
    });
    expect(unsubscribeNewsletter.mock.calls).toEqual([["u"]]);
    expect(confirmNewsletter.mock.calls).toEqual([["c"]]);
  });
});

describe("unsubscribe action", () => {
  it("takes an RFC 8058 one-click POST with the token in the address", async () => {
    const unsubscribeNewsletter = vi.fn().mockResolvedValue("unsubscribed");
    const answer = await run(
      linkRoute.action,
      post("/newsletter/unsubscribe?token=tok123", { "List-Unsubscribe": "One-Click" }),
      contextWith({ unsubscribeNewsletter }),
    );
    expect(answer).toEqual({ outcome: "unsubscribed", status: 200 });
    expect(unsubscribeNewsletter).toHaveBeenCalledWith("tok123");
  });

  it("maps already-unsubscribed to 200, unknown to 404 and a failure to 503", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const [result, status] of [
      ["already-unsubscribed", 200],
      ["unknown", 404],
    ] as const) {
      const unsubscribeNewsletter = vi.fn().mockResolvedValue(result);
      expect(
        await run(
          linkRoute.action,
          post("/newsletter/unsubscribe", { token: "t" }),
          contextWith({ unsubscribeNewsletter }),
        ),
      ).toEqual({ outcome: result, status });
    }
    const unsubscribeNewsletter = vi.fn().mockRejectedValue(new Error("database down"));
    expect(
      await run(
        linkRoute.action,
        post("/newsletter/unsubscribe", { token: "t" }),
        contextWith({ unsubscribeNewsletter }),
      ),
    ).toEqual({ outcome: "unavailable", status: 503 });
    error.mockRestore();
  });
});
