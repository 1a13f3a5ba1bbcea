/**
 * `npm run dev` (the Express app with Vite's middleware) serves pages and
 * takes a lead: the development server is not only a build-time tool. Its
 * hot reload reaches the browser on the page's own port, the one origin the
 * page's Content-Security-Policy lets it connect to.
 */
import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

test("the development server renders pages, stores a newsletter sign-up, and its hot reload connects", async ({
  servers,
  page,
}) => {
  test.setTimeout(90_000);
  const dev = await servers.site({
    name: "dev",
    env: { NODE_ENV: "development", APP_ENV: "development", SMTP_URL: "" },
    startTimeoutMs: 60_000,
  });
  const api = await playwrightRequest.newContext({ baseURL: dev.baseURL });
  const contact = await api.get("/contact");
  expect(contact.status()).toBe(200);
  expect(await contact.text()).toContain("<h1");
  const signup = await api.post("/api/newsletter-signup", { data: { email: `dev-${Date.now()}@example.test` } });
  expect(signup.status()).toBe(200);
  expect(await signup.json()).toMatchObject({ success: true });
  await api.dispose();

  // A page that runs React Router loads Vite's client, which opens the hot reload's socket.
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  // Every socket the page opens, and what each has received (recorded from its first frame on).
  const sockets: { url: string; frames: string[] }[] = [];
  page.on("websocket", (socket) => {
    const seen = { url: socket.url(), frames: [] as string[] };
    sockets.push(seen);
    socket.on("framereceived", (frame) => seen.frames.push(String(frame.payload)));
  });
  await page.goto(`${dev.baseURL}/admin/sign-in`);
  await expect
    .poll(
      () => sockets.filter((s) => s.frames.some((f) => f.includes('"connected"'))).map((s) => new URL(s.url).port),
      {
        timeout: 30_000,
      },
    )
    .toEqual([new URL(dev.baseURL).port]);
  expect(refused).toEqual([]);
});
