import { describe, expect, it } from "vitest";
import { carriedToastMaxAgeMs, readCarriedToast } from "~/components/toast/carried-toast.ts";

// ADR 093: a payment step leaves its success toast for its return page, which
// shows it once, on that address only, while it is fresh.

const at = Date.UTC(2026, 11, 1, 9, 0, 0);
const stored = (value: unknown) => JSON.stringify(value);
const success = { title: "Payment Successful", description: "Thank you!" };

describe("readCarriedToast", () => {
  it("gives the toast on the page it was carried to, while it is fresh", () => {
    const text = stored({ path: "/consultation-success", at, toast: success });
    expect(readCarriedToast(text, "/consultation-success", at + 2_000)).toEqual(success);
    expect(readCarriedToast(text, "/consultation-success", at + carriedToastMaxAgeMs)).toEqual(success);
  });

  it("gives nothing on another page, once stale, or from a time ahead of now", () => {
    const text = stored({ path: "/booking/abc", at, toast: success });
    expect(readCarriedToast(text, "/booking/abcd", at + 1)).toBeNull();
    expect(readCarriedToast(text, "/", at + 1)).toBeNull();
    expect(readCarriedToast(text, "/booking/abc", at + carriedToastMaxAgeMs + 1)).toBeNull();
    expect(readCarriedToast(text, "/booking/abc", at - 1)).toBeNull();
  });

  it("keeps only a toast's own fields, and gives nothing for what is not one", () => {
    expect(
      readCarriedToast(
        stored({ path: "/", at, toast: { title: "Paid", variant: "destructive", extra: "<b>x</b>" } }),
        "/",
        at,
      ),
    ).toEqual({ title: "Paid", variant: "destructive" });
    expect(readCarriedToast(stored({ path: "/", at, toast: { title: "Paid", variant: "loud" } }), "/", at)).toEqual({
      title: "Paid",
    });
    for (const text of [
      null,
      "",
      "not json",
      "null",
      "42",
      stored({ path: "/", at }),
      stored({ path: "/", at, toast: { title: "" } }),
      stored({ path: "/", at, toast: { description: "no title" } }),
      stored({ path: "/", at: "yesterday", toast: success }),
    ]) {
      expect(readCarriedToast(text, "/", at)).toBeNull();
    }
  });
});
