/** The waiting list's form (app/orders/course-booking/waiting-form.ts, ADR 083): a message per field, places 1 to 10. */
import { describe, expect, it } from "vitest";
import { parseWaitingForm, waitingMessages } from "~/orders/course-booking/waiting-form.ts";

const good = {
  waitingName: " Ann Lee ",
  waitingEmail: "ann@example.com",
  waitingOrganisation: "Lee Ltd",
  waitingPlaces: "2",
};

describe("the waiting list's form", () => {
  it("reads a request", () => {
    expect(parseWaitingForm(good)).toEqual({
      ok: true,
      request: { name: "Ann Lee", email: "ann@example.com", organisation: "Lee Ltd", places: 2 },
    });
  });

  it("gives each field's message", () => {
    expect(parseWaitingForm({ waitingName: "A", waitingEmail: "nope", waitingPlaces: "11" })).toEqual({
      ok: false,
      fieldErrors: {
        waitingName: waitingMessages.name,
        waitingEmail: waitingMessages.email,
        waitingOrganisation: waitingMessages.organisation,
        waitingPlaces: waitingMessages.places,
      },
    });
    for (const places of ["0", "1.5", "", "-1"]) {
      expect(parseWaitingForm({ ...good, waitingPlaces: places })).toMatchObject({ ok: false });
    }
    expect(parseWaitingForm({ ...good, waitingPlaces: "10" })).toMatchObject({ ok: true });
  });
});
