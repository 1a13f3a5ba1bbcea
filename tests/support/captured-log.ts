/** The site's logger (createLogger, with its serializers and redaction) writing into memory, for tests that read what was logged. */
import { Writable } from "node:stream";
import { createLogger, type Logger } from "~/observability/log.server.ts";

export function capturedLog(): { log: Logger; lines: string[]; text(): string } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: createLogger({ level: "info", destination }), lines, text: () => lines.join("") };
}
