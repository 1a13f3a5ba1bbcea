/**
 * A real SMTP server for the end-to-end tests (npm smtp-server on
 * 127.0.0.1): accepts every message and writes it, as received, to
 * SMTP_SINK_DIR/<time>-<n>.eml, with the envelope in a .json file beside it.
 * The directory is emptied at start.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.SMTP_SINK_PORT ?? 2526);
const dir = path.resolve(process.env.SMTP_SINK_DIR ?? ".e2e/smtp");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const name = `${Date.now()}-${String(++count).padStart(5, "0")}`;
      writeFileSync(path.join(dir, `${name}.eml`), Buffer.concat(chunks));
      const envelope = {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        to: session.envelope.rcptTo.map((r) => r.address),
      };
      writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(envelope));
      callback();
    });
  },
});
server.listen(port, "127.0.0.1", () => console.log(`SMTP sink on 127.0.0.1:${port}, writing to ${dir}`));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
