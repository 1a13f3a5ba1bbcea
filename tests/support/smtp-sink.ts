/**
 * A real SMTP server for the end-to-end tests (npm smtp-server on
 * 127.0.0.1), run as its own process by playwright.config.ts: accepts every
 * message and writes it to SMTP_SINK_DIR/<time>-<n>.eml, with the envelope
 * in a .json file beside it (createSmtpSink; tests/e2e/mailbox.ts reads
 * them). The directory is emptied at start.
 */
import path from "node:path";
import { createSmtpSink } from "../e2e/support/servers.ts";

const port = Number(process.env.SMTP_SINK_PORT ?? 2526);
const dir = path.resolve(process.env.SMTP_SINK_DIR ?? ".e2e/smtp");
const sink = await createSmtpSink({ port, dir });
console.log(`SMTP sink on 127.0.0.1:${port}, writing to ${dir}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void sink.stop().then(() => process.exit(0)));
