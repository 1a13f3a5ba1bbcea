import { describe, expect, it } from "vitest";
import { messages } from "~/forms/schemas.ts";
import { validate } from "~/leads/validation.ts";
import { readJsonBody, sourcePageOf } from "~/http/http.server.ts";

const contact = {
  name: "Ann Lee",
  email: "ann@example.com",
  phone: "020 7946 0000",
  company: "Acme Ltd",
  jobTitle: "",
  serviceInterest: "risk-grc",
  message: "We would like a programme for our team.",
  preferredContact: "phone",
};

describe("contact schema (spec section 5)", () => {
  it("accepts an address with an apostrophe or a plus, as it always has", () => {
    for (const email of ["o'brien@example.com", "ann+training@example.co.uk"]) {
      expect(validate("contact", { ...contact, email }).ok).toBe(true);
    }
  });
  it("accepts a complete enquiry and trims it", () => {
    const r = validate("contact", { ...contact, name: "  Ann Lee  " });
    expect(r.ok && r.data.name).toBe("Ann Lee");
  });
  it.each([
    ["name", "A", "Full name must be at least 2 characters."],
    ["email", "not-an-email", "Please enter a valid email address."],
    ["phone", "12345", "Please enter a valid phone number."],
    ["company", "X", "Company name must be at least 2 characters."],
    ["serviceInterest", "", "Please select an area of interest."],
    ["serviceInterest", "astrology", "Please select an area of interest."],
    ["message", "Too short", "Message must be at least 10 characters."],
    ["preferredContact", "pigeon", "Please select your preferred contact method."],
  ])("%s = %j: %s", (field, value, message) => {
    const r = validate("contact", { ...contact, [field]: value });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.fieldErrors).toEqual({ [field]: message });
  });
  it("gives every required field its own message when the body is empty", () => {
    const r = validate("contact", {});
    expect(!r.ok && r.fieldErrors).toEqual({
      name: messages.contact.name,
      email: messages.contact.email,
      phone: messages.contact.phone,
      company: messages.contact.company,
      serviceInterest: messages.contact.serviceInterest,
      message: messages.contact.message,
      preferredContact: messages.contact.preferredContact,
    });
  });
  it("job title is optional", () => {
    const { jobTitle: _omit, ...rest } = contact;
    expect(validate("contact", rest).ok).toBe(true);
  });
  it("caps lengths and refuses line breaks in single-line fields", () => {
    const long = validate("contact", { ...contact, message: "x".repeat(5001) });
    expect(!long.ok && long.fieldErrors.message).toBe("Please keep this under 5000 characters.");
    const crlf = validate("contact", { ...contact, name: "Ann\r\nBcc: x@evil.test" });
    expect(!crlf.ok && crlf.fieldErrors.name).toBe(messages.singleLine);
    expect(validate("contact", { ...contact, message: "Line one\r\nLine two is fine" }).ok).toBe(true);
    const nul = validate("contact", { ...contact, message: "Hello\u0000 world there" });
    expect(nul.ok).toBe(false);
  });
  it("refuses wrong types with the field's message, and non-objects", () => {
    const r = validate("contact", { ...contact, name: 42, email: ["a@b.co"] });
    expect(!r.ok && r.fieldErrors).toEqual({ name: messages.contact.name, email: messages.contact.email });
    const n = validate("contact", "hello");
    expect(!n.ok && n.fieldErrors.form).toMatch(/JSON object/);
  });
});

describe("guide request schema", () => {
  const guide = {
    first_name: "Jo",
    last_name: "Bloggs",
    email: "jo@example.com",
    company: "Acme",
    guide_name: "enterprise-risk-management",
  };
  it("accepts a valid request", () => expect(validate("guideRequest", guide).ok).toBe(true));
  it.each([
    ["first_name", "J", "First name must be at least 2 characters"],
    ["last_name", "", "Last name must be at least 2 characters"],
    ["email", "jo@", "Please enter a valid email address"],
    ["company", "A", "Company name must be at least 2 characters"],
    ["guide_name", "risk-guide", "Please select a guide"],
  ])("%s = %j: %s", (field, value, message) => {
    const r = validate("guideRequest", { ...guide, [field]: value });
    expect(!r.ok && r.fieldErrors).toEqual({ [field]: message });
  });
});

describe("small forms", () => {
  it("resource download takes a guide id and an e-mail", () => {
    expect(validate("resourceDownload", { email: "a@b.co", resourceId: "risk-guide" }).ok).toBe(true);
    const r = validate("resourceDownload", { email: "nope", resourceId: "enterprise-risk-management" });
    expect(!r.ok && r.fieldErrors).toEqual({
      email: "Please enter a valid email address",
      resourceId: "Please choose a guide",
    });
  });
  it("newsletter takes an e-mail", () => {
    expect(validate("newsletter", { email: " a@b.co " })).toEqual({ ok: true, data: { email: "a@b.co" } });
    expect(validate("newsletter", { email: "" }).ok).toBe(false);
  });
  it("webinar registration needs a name, e-mail, company and webinar", () => {
    const r = validate("webinarRegistration", {});
    expect(!r.ok && Object.keys(r.fieldErrors).sort()).toEqual(["company", "email", "name", "webinarId"]);
  });
});

describe("payment details (checked in the browser before the payment is prepared)", () => {
  const details = { customerName: "Olivia Bennett", customerEmail: "olivia@example.com" };

  it("accepts a name and an address, trimmed", () => {
    expect(validate("paymentDetails", { customerName: "  Olivia  ", customerEmail: " o@example.com " })).toEqual({
      ok: true,
      data: { customerName: "Olivia", customerEmail: "o@example.com" },
    });
  });

  it.each([
    ["customerName", "   ", messages.payment.customerName],
    ["customerName", "Olivia\nBennett", messages.singleLine],
    ["customerEmail", "", messages.payment.customerEmailMissing],
    ["customerEmail", "olivia.example.test", messages.payment.customerEmail],
  ])("%s %j: %s", (field, value, message) => {
    expect(validate("paymentDetails", { ...details, [field]: value })).toEqual({
      ok: false,
      fieldErrors: { [field]: message },
    });
  });
});

describe("request helpers", () => {
  it("records the page a form came from, without React Router's internals", () => {
    expect(sourcePageOf(new Request("http://x/contact.data?course=risk-management&interest=risk-grc"))).toBe(
      "/contact?course=risk-management&interest=risk-grc",
    );
    expect(sourcePageOf(new Request("http://x/_root.data?index"))).toBe("/");
    expect(sourcePageOf(new Request("http://x/?index"))).toBe("/");
    expect(sourcePageOf(new Request("http://x/_.data?index"))).toBe("/");
    expect(sourcePageOf(new Request("http://x/resources/_.data"))).toBe("/resources");
    expect(sourcePageOf(new Request("http://x/resources.data"))).toBe("/resources");
  });
  const post = (body: string, type = "application/json") =>
    new Request("http://x/api/contact", { method: "POST", body, headers: { "content-type": type } });
  it("reads JSON objects and refuses anything else with a 4xx", async () => {
    expect(await readJsonBody(post('{"a":1}'))).toEqual({ value: { a: 1 } });
    expect(await readJsonBody(post("{", "application/json"))).toMatchObject({ error: { status: 400 } });
    expect(await readJsonBody(post("[1]"))).toMatchObject({ error: { status: 400 } });
    expect(await readJsonBody(post("null"))).toMatchObject({ error: { status: 400 } });
    expect(await readJsonBody(post("a=1", "application/x-www-form-urlencoded"))).toMatchObject({
      error: { status: 415 },
    });
    expect(await readJsonBody(post(JSON.stringify({ a: "x".repeat(40_000) })))).toMatchObject({
      error: { status: 413 },
    });
  });
});
