/**
 * The attribution field over HTTP (app/forms/attribution.ts): a well-formed
 * one is stored with the lead; a malformed one, of any shape, is dropped and
 * the lead is stored all the same (never a 4xx or 5xx because of it).
 */
import { postJson, sqliteQuery } from "../../harness/servers.ts";
import { contactEnquiry } from "../support/enquiry.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

const enquiry = (email: string, attribution: unknown) => contactEnquiry(email, { attribution });

test("a well-formed attribution is stored with the lead; a malformed one is dropped, the lead kept", async ({
  servers,
}) => {
  const site = await servers.site({ name: "attribution", env: { FORM_MIN_FILL_SECONDS: "0", RATE_LIMIT_MAX: "100" } });
  const stored = (email: string) =>
    sqliteQuery(
      site.dataDir,
      "SELECT landing_page, referrer, utm_source, utm_medium, utm_campaign FROM leads WHERE email = ?",
      [email],
    );
  const good = uniqueEmail("attributed");
  const sent = await postJson(
    site.baseURL,
    "/api/contact",
    enquiry(good, JSON.stringify({ l: "/about", r: "news.ycombinator.com", s: "hn", m: "", c: "launch" })),
  );
  expect(sent.status).toBe(200);
  expect(stored(good)).toEqual([
    {
      landing_page: "/about",
      referrer: "news.ycombinator.com",
      utm_source: "hn",
      utm_medium: null,
      utm_campaign: "launch",
    },
  ]);

  const malformed: unknown[] = [
    "not json",
    "x".repeat(5000),
    { l: "/about" },
    ["/about"],
    42,
    null,
    JSON.stringify({ l: "javascript:alert(1)", r: "", s: "", m: "", c: "" }),
    JSON.stringify({ l: "/about", r: "<script>", s: { nested: true }, m: "x".repeat(500), c: null }),
  ];
  for (const [i, attribution] of malformed.entries()) {
    const email = uniqueEmail(`malformed-${i}`);
    const answer = await postJson(site.baseURL, "/api/contact", enquiry(email, attribution));
    expect(answer.status, JSON.stringify(attribution).slice(0, 40)).toBe(200);
    const [row] = stored(email);
    expect(row, JSON.stringify(attribution).slice(0, 40)).toBeDefined();
    // The last one keeps its good part (the landing page); every bad part is dropped.
    expect(row).toEqual(
      i === malformed.length - 1
        ? { landing_page: "/about", referrer: null, utm_source: null, utm_medium: null, utm_campaign: null }
        : { landing_page: null, referrer: null, utm_source: null, utm_medium: null, utm_campaign: null },
    );
  }
});
