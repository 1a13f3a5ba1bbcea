import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/config/config.server.ts";
import { configContext } from "~/http/request-context.ts";
import { loader } from "~/routes/robots.ts";

function contextFor(APP_ENV: string) {
  const context = new RouterContextProvider();
  context.set(configContext, parseConfig({ APP_ENV }));
  return context;
}

const robots = async (env: string) =>
  (await loader({ context: contextFor(env) } as unknown as Parameters<typeof loader>[0])).text();

describe("robots.txt", () => {
  it("in production invites crawlers, keeps them off the API and test pages, and names the sitemap", async () => {
    expect(await robots("production")).toBe(
      "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /test-\n\nSitemap: https://www.meridian-executive.co.uk/sitemap.xml\n",
    );
  });

  it("anywhere else disallows everything", async () => {
    for (const env of ["development", "test", "staging"]) {
      expect(await robots(env)).toBe("User-agent: *\nDisallow: /\n");
    }
  });
});
