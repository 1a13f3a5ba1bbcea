/**
 * The addresses that carry a credential (app/addresses/credential-routes.ts)
 * and the body limits (app/http/http.server.ts), both read as the router
 * reads an address (ADR 061).
 */
import { describe, expect, it } from "vitest";
import routes from "~/routes.ts";
import { credentialRouteOf, credentialRoutes, withoutCredentials } from "~/addresses/credential-routes.ts";
import { parseAttribution } from "~/forms/attribution.ts";
import { bodyLimitFor, maxBodyBytes, maxContentFormBytes } from "~/http/http.server.ts";
import { maxGuidePdfBytes } from "~/content/guide-files.ts";
import { maxImageUploadBytes } from "~/content/upload-limits.ts";
import { expectOutputs } from "../support/cases.ts";

type RouteEntry = { path?: string; children?: RouteEntry[] };
const routePaths = (entries: RouteEntry[], parent = ""): string[] =>
  entries.flatMap((r) => {
    const path = r.path ? `${parent}/${r.path}` : parent;
    return [...(r.path ? [path] : []), ...routePaths(r.children ?? [], path)];
  });

describe("credential routes", () => {
  it("cover every route of the table whose path carries a token", () => {
    const withToken = routePaths(routes as RouteEntry[]).filter((p) => p.includes(":token"));
    expect(withToken.length).toBeGreaterThanOrEqual(5);
    for (const path of withToken) {
      expect(
        credentialRoutes.some((route) => path.startsWith(route)),
        path,
      ).toBe(true);
      // Its own pattern, whatever the token.
      expect(credentialRouteOf(path.replace(/:token/, "Zx9-secret_TOKEN")), path).toBe(
        path.replace(/:[a-z]+$/i, (p) => (p === ":token" ? p : ":file")),
      );
    }
  });

  it("match as the router matches: case, percent-encoding, dot segments, slashes, data requests", () => {
    expectOutputs(withoutCredentials, [
      ["/booking/Zx9secret", "/booking/:token"],
      ["/BOOKING/Zx9secret", "/booking/:token"],
      ["/Booking/Zx9secret/", "/booking/:token"],
      ["/%62ooking/Zx9secret", "/booking/:token"],
      ["/%42OOKING/Zx9secret/PAY", "/booking/:token/pay"],
      ["/contact/../booking/Zx9secret", "/booking/:token"],
      ["/a/./b/../../booking/Zx9secret/pay/", "/booking/:token/pay"],
      ["//booking//Zx9secret", "/booking/:token"],
      ["/joining/Zx9secret", "/joining/:token"],
      ["/JOINING/Zx9secret/", "/joining/:token"],
      ["/booking/Zx9secret.data", "/booking/:token"],
      ["/booking/Zx9secret/pay.data?_routes=x", "/booking/:token/pay"],
      ["/booking/Zx9secret/documents/INV-000001.pdf", "/booking/:token/documents/:file"],
      ["/booking/Zx9secret/anything/else", "/booking/:token/:rest"],
      ["/booking/Zx9secret?utm_source=mail", "/booking/:token"],
      ["/downloads/Zx9secret", "/downloads/:token"],
      ["/DOWNLOADS/Zx9secret", "/downloads/:token"],
      ["/admin/setup/Zx9secret", "/admin/setup/:token"],
      ["/Admin/%53etup/Zx9secret.data", "/admin/setup/:token"],
      ["/newsletter/confirm?token=Zx9secret", "/newsletter/confirm?token=:token"],
      ["/Newsletter/Unsubscribe/?TOKEN=Zx9secret&x=1", "/Newsletter/Unsubscribe/?TOKEN=:token&x=1"],
    ]);
  });

  it("leave every other address as it is", () => {
    expectOutputs(withoutCredentials, [
      ["/", "/"],
      ["/booking", "/booking"],
      ["/bookings/x", "/bookings/x"],
      ["/courses/esg/book/2027-01-10", "/courses/esg/book/2027-01-10"],
      ["/contact?interest=training", "/contact?interest=training"],
      ["/admin/setup", "/admin/setup"],
      ["/resources/downloads", "/resources/downloads"],
    ]);
    expect(credentialRouteOf("/contact")).toBeNull();
  });

  it("keep a booking link out of a lead's attribution", () => {
    const field = (l: string) => JSON.stringify({ l, r: "", s: "", m: "", c: "" });
    expect(parseAttribution(field("/booking/Zx9secret"))?.landingPage).toBe("/booking/:token");
    expect(parseAttribution(field("/BOOKING/Zx9secret/pay"))?.landingPage).toBe("/booking/:token/pay");
    expect(parseAttribution(field("/courses/esg"))?.landingPage).toBe("/courses/esg");
  });
});

describe("body limits (bodyLimitFor)", () => {
  it("take the upload limits only where the router would serve the uploads", () => {
    expect(bodyLimitFor("/admin/content/guide/risk/pdf").bytes).toBe(2 * maxGuidePdfBytes);
    expect(bodyLimitFor("/ADMIN/Content/Guide/risk/PDF.data").bytes).toBe(2 * maxGuidePdfBytes);
    expect(bodyLimitFor("/%61dmin/content/images/").bytes).toBe(2 * maxImageUploadBytes);
    expect(bodyLimitFor("/x/../admin/content/images?index").bytes).toBe(2 * maxImageUploadBytes);
    expect(bodyLimitFor("/admin/content/course/esg").bytes).toBe(maxContentFormBytes);
  });

  it("give a public form's limit to a path that only looks like the editor's", () => {
    for (const target of [
      "/admin/content/../../contact",
      "/admin/content/images/../../../contact",
      "/admin/content/%2e%2e/%2e%2e/contact",
      "/admin/content/guide/x/pdf/../../../../../api/contact",
      "/contact?/admin/content/images",
      "/api/contact",
    ]) {
      expect(bodyLimitFor(target).bytes, target).toBe(maxBodyBytes);
    }
  });
});
