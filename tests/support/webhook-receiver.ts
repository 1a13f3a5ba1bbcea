/**
 * A webhook receiver on 127.0.0.1 (a free port) that checks each message
 * with the Standard Webhooks library, as a team's CRM connector would.
 * Its behaviour is set per test: answer 200, fail with a status, or hold
 * requests open until released.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Webhook } from "standardwebhooks";

export type Received = {
  id: string;
  headers: Record<string, string>;
  body: string;
  /** The parsed body if some secret verified it, else null. */
  verified: { type: string; timestamp: string; data: Record<string, unknown> } | null;
  /** Which of the receiver's secrets verified it (index), or -1. */
  verifiedWith: number;
};

export type WebhookReceiver = {
  url: string;
  port: number;
  received: Received[];
  /** The secrets it verifies with (the endpoint's, as shown once in the back office). */
  secrets: string[];
  /** "ok": 200; a number: that status; "hold": keep the request open until release(). */
  mode: "ok" | number | "hold";
  /** An answer body to send (default "ok"). */
  answerBody: string;
  /** Requests held open now. */
  held(): number;
  release(): void;
  close(): Promise<void>;
};

export async function startWebhookReceiver(path = "/hooks"): Promise<WebhookReceiver> {
  const holding: ServerResponse[] = [];
  const receiver: WebhookReceiver = {
    url: "",
    port: 0,
    received: [],
    secrets: [],
    mode: "ok",
    answerBody: "ok",
    held: () => holding.length,
    release() {
      for (const response of holding.splice(0)) response.end("ok");
    },
    close: () =>
      new Promise((resolve) => {
        receiver.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : (v ?? "")]),
      );
      let verified: Received["verified"] = null;
      let verifiedWith = -1;
      receiver.secrets.forEach((secret, index) => {
        if (verified) return;
        try {
          verified = new Webhook(secret).verify(body, headers) as Received["verified"];
          verifiedWith = index;
        } catch {
          // not this secret (or not signed at all)
        }
      });
      receiver.received.push({ id: headers["webhook-id"] ?? "", headers, body, verified, verifiedWith });
      if (request.url !== path) {
        response.statusCode = 404;
        response.end();
      } else if (receiver.mode === "hold") {
        holding.push(response);
      } else {
        response.statusCode = receiver.mode === "ok" ? 200 : receiver.mode;
        response.end(receiver.answerBody);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  receiver.port = typeof address === "object" && address ? address.port : 0;
  receiver.url = `http://127.0.0.1:${receiver.port}${path}`;
  return receiver;
}
