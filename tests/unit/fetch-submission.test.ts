import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionProblemMessage, postFields, serverProblemMessage } from "~/components/forms/fetch-submission.ts";

// An island's form sends its fields as JSON to its kind's endpoint (ADR 090):
// whatever comes back, or does not, the form gets a FormResult to show.

let server: http.Server;
let base: string;
const received: { type: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ type: request.headers["content-type"], body });
      const answers: Record<string, [number, string, string]> = {
        "/ok": [200, "application/json", JSON.stringify({ success: true, message: "Thank you!" })],
        "/refused": [
          400,
          "application/json",
          JSON.stringify({ success: false, message: "Please check", errors: { email: "Not an address" } }),
        ],
        "/crashed": [500, "text/html", "<h1>Internal Server Error</h1>"],
        "/odd-success": [200, "application/json", JSON.stringify({ done: true })],
      };
      const [status, type, text] = answers[request.url ?? ""] ?? [404, "text/plain", "no"];
      response.writeHead(status, { "Content-Type": type }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("postFields", () => {
  it("sends the fields as JSON and answers the server's result", async () => {
    expect(await postFields(`${base}/ok`, { email: "a@example.com", startedAt: "1" })).toEqual({
      success: true,
      message: "Thank you!",
    });
    expect(received.at(-1)).toEqual({
      type: "application/json",
      body: JSON.stringify({ email: "a@example.com", startedAt: "1" }),
    });
  });

  it("answers a refusal as the server worded it, with its field errors", async () => {
    expect(await postFields(`${base}/refused`, { email: "x" })).toEqual({
      success: false,
      message: "Please check",
      errors: { email: "Not an address" },
    });
  });

  it("turns an answer that is not a FormResult into the server-problem message with its status", async () => {
    expect(await postFields(`${base}/crashed`, {})).toEqual({ success: false, message: serverProblemMessage(500) });
    expect(await postFields(`${base}/odd-success`, {})).toEqual({
      success: false,
      message: serverProblemMessage(200),
    });
  });

  it("turns a request that never reaches a server into the connection-problem message", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await postFields(`http://127.0.0.1:${port}/gone`, {})).toEqual({
      success: false,
      message: connectionProblemMessage,
    });
  });
});
