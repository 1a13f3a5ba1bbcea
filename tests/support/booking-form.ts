/**
 * A real booker's course booking form, as the booking page posts it: one
 * named place (the booker), by invoice unless `over` says otherwise, shown
 * five seconds ago (slower than the bot timer) with an empty honeypot.
 */
export const bookingFormFields = (email: string, over: Record<string, string> = {}): Record<string, string> => ({
  places: "1",
  bookerName: "Katherine Johnson",
  bookerEmail: email,
  bookerPhone: "020 7946 0002",
  organisation: "Orbital Ltd",
  bookerJobTitle: "Head of Finance",
  addressLine1: "3 Example Road",
  city: "Bristol",
  postcode: "BS1 1AA",
  country: "United Kingdom",
  "delegate-0-name": "Katherine Johnson",
  "delegate-0-email": email,
  paymentMethod: "invoice",
  acceptTerms: "on",
  website: "",
  formStartedAt: String(Date.now() - 5_000),
  ...over,
});
