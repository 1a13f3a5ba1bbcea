import { describe, expect, it } from "vitest";
import {
  bookingMessages,
  delegateField,
  MAX_PLACES,
  parseBookingForm,
  parsePlaceForm,
  placeMessages,
  placesAsked,
} from "../../app/orders/course-booking/booking-request.ts";
import { vatNumberMessages } from "../../app/orders/course-booking/vat-number.ts";

const booker = {
  bookerName: "  Ada Lovelace ",
  bookerEmail: "ada@example.co.uk",
  bookerPhone: "+44 20 7946 0000",
  organisation: "Analytical Engines Ltd",
  bookerJobTitle: "Head of Risk",
  addressLine1: "1 Example Street",
  addressLine2: "",
  city: "London",
  postcode: "ec1a 1bb",
  country: "United Kingdom",
};

const delegate = (i: number, name: string, email: string, jobTitle = "") => ({
  [delegateField(i, "name")]: name,
  [delegateField(i, "email")]: email,
  [delegateField(i, "jobTitle")]: jobTitle,
});

const open = { namesToFollowOpen: true };

const valid = {
  ...booker,
  places: "2",
  ...delegate(0, "Ada Lovelace", "ada@example.co.uk", "Head of Risk"),
  ...delegate(1, "Charles Babbage", "charles@example.co.uk"),
  paymentMethod: "invoice",
  purchaseOrder: " PO-4711 ",
  vatNumber: "gb 980 7806 84",
  acceptTerms: "on",
};

describe("the course booking form", () => {
  it("reads a valid invoice booking: trimmed, the postcode in capitals, the VAT number normalised", () => {
    const result = parseBookingForm(valid, open);
    expect(result).toEqual({
      ok: true,
      request: {
        booker: {
          name: "Ada Lovelace",
          email: "ada@example.co.uk",
          phone: "+44 20 7946 0000",
          organisation: "Analytical Engines Ltd",
          jobTitle: "Head of Risk",
          addressLine1: "1 Example Street",
          addressLine2: null,
          city: "London",
          postcode: "EC1A 1BB",
          country: "United Kingdom",
        },
        places: [
          { name: "Ada Lovelace", email: "ada@example.co.uk", jobTitle: "Head of Risk" },
          { name: "Charles Babbage", email: "charles@example.co.uk", jobTitle: null },
        ],
        payment: { method: "invoice", purchaseOrder: "PO-4711", vatNumber: "GB980780684" },
      },
    });
  });

  it("takes a card booking, ignoring purchase-order and VAT fields", () => {
    const result = parseBookingForm({ ...valid, paymentMethod: "card", vatNumber: "nonsense" }, open);
    expect(result.ok && result.request.payment).toEqual({ method: "card" });
  });

  it("gives every wrong field its own message", () => {
    const result = parseBookingForm({ places: "1" }, open);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toMatchObject({
      bookerName: bookingMessages.bookerName,
      bookerEmail: bookingMessages.bookerEmail,
      bookerPhone: bookingMessages.bookerPhone,
      organisation: bookingMessages.organisation,
      bookerJobTitle: bookingMessages.bookerJobTitle,
      addressLine1: bookingMessages.addressLine1,
      city: bookingMessages.city,
      postcode: bookingMessages.postcode,
      country: bookingMessages.country,
      [delegateField(0, "name")]: bookingMessages.delegateName,
      [delegateField(0, "email")]: bookingMessages.delegateEmail,
      paymentMethod: bookingMessages.paymentMethod,
      acceptTerms: bookingMessages.acceptTerms,
    });
  });

  it("refuses a place count out of range or not a whole number", () => {
    for (const places of ["0", String(MAX_PLACES + 1), "2.5", "two", ""]) {
      const result = parseBookingForm({ ...valid, places }, open);
      expect(result.ok ? null : result.fieldErrors.places, places).toBe(bookingMessages.places);
    }
  });

  it("refuses the same delegate twice (e-mail compared without case)", () => {
    const result = parseBookingForm({ ...valid, [delegateField(1, "email")]: "ADA@example.co.uk" }, open);
    expect(result.ok ? null : result.fieldErrors[delegateField(1, "email")]).toBe(bookingMessages.delegateTwice);
  });

  it("takes names to follow while they are open, and asks for the name once they are due", () => {
    const form = { ...valid, places: "3", [delegateField(2, "toFollow")]: "on" };
    const result = parseBookingForm(form, open);
    expect(result.ok && result.request.places[2]).toEqual({ namesToFollow: true });
    const late = parseBookingForm(form, { namesToFollowOpen: false });
    expect(late.ok ? null : late.fieldErrors[delegateField(2, "name")]).toMatch(/Names are now due/);
  });

  it("checks the purchase-order and VAT numbers of an invoice booking", () => {
    const result = parseBookingForm({ ...valid, vatNumber: "GB 123 4567 83", purchaseOrder: "x".repeat(41) }, open);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.vatNumber).toBe(vatNumberMessages.checkDigits);
    expect(result.fieldErrors.purchaseOrder).toMatch(/at most 40/);
  });

  it("refuses line breaks in a single-line field (they would reach e-mail headers and the invoice)", () => {
    const result = parseBookingForm({ ...valid, organisation: "Evil\r\nBcc: x@example.com" }, open);
    expect(result.ok ? null : result.fieldErrors.organisation).toBeTruthy();
  });

  it("reads the places a page asks for, 1 when the query is not a count in range", () => {
    expect(placesAsked("3")).toBe(3);
    expect(placesAsked(null)).toBe(1);
    expect(placesAsked("99")).toBe(1);
    expect(placesAsked("-1")).toBe(1);
  });
});

describe("the team's form that names a place", () => {
  it("reads a place of the booking, a name, an e-mail and an optional job title", () => {
    expect(
      parsePlaceForm({ position: "2", name: " Mary Somerville ", email: "Mary@Example.com", jobTitle: "" }, 2),
    ).toEqual({
      ok: true,
      naming: { position: 2, delegate: { name: "Mary Somerville", email: "Mary@Example.com", jobTitle: null } },
    });
  });

  it("gives each wrong field its message: a place the booking does not have, no name, not an e-mail", () => {
    const result = parsePlaceForm({ position: "3", name: "M", email: "mary@", jobTitle: "a\nb" }, 2);
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        position: placeMessages.position,
        name: placeMessages.name,
        email: placeMessages.email,
        jobTitle: expect.stringMatching(/single line/),
      },
    });
    expect(parsePlaceForm({ position: "1.5", name: "Mary S", email: "m@example.com" }, 2)).toMatchObject({
      ok: false,
      fieldErrors: { position: placeMessages.position },
    });
    expect(parsePlaceForm({ name: "Mary S", email: "m@example.com" }, 2)).toMatchObject({ ok: false });
  });
});
