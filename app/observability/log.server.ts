/**
 * The site's log: pino, one JSON object per line, to standard output or,
 * with LOG_FILE, to a file that pino-roll starts afresh each day (the
 * retention job deletes files older than the privacy notice's 30 days).
 *
 * What a log line may hold: the client address (the privacy notice allows
 * it for 30 days), the request's method, path (never its query string: it
 * can carry tokens), status, timing and browser type. Never a form field,
 * an e-mail address or a secret: code logs ids, not people.
 */
import path from "node:path";
import pino, { type DestinationStream, type Logger } from "pino";
import { redactAddresses } from "./redact.ts";

export type { Logger };

/**
 * Errors as name, message, code and stack only: a database error's other
 * fields (PostgreSQL's `detail`) can quote the values of a row. The message
 * (and the stack, which repeats it) comes from a third party as often as not
 * (mail server, Stripe, a webhook endpoint), so addresses are masked.
 */
export function errSerializer(error: unknown) {
  if (!(error instanceof Error)) return { message: redactAddresses(String(error)) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: redactAddresses(error.message),
    ...(code !== undefined ? { code } : {}),
    stack: error.stack === undefined ? undefined : redactAddresses(error.stack),
  };
}

/**
 * pino's isoTime (`,"time":"2026-11-25T13:49:38.123Z"`), formatted once per
 * millisecond: a busy server writes several lines in one.
 */
export function isoTime(now = Date.now()): string {
  if (now !== lastTime.ms) lastTime = { ms: now, text: `,"time":"${new Date(now).toISOString()}"` };
  return lastTime.text;
}
let lastTime = { ms: Number.NaN, text: "" };

export type LogOptions = {
  level: string;
  file?: string;
  name?: string;
  /** Where the lines go instead of standard output or `file` (a script's own stream). */
  destination?: DestinationStream;
};

export function createLogger({ level, file, name = "site", destination }: LogOptions): Logger {
  const options = {
    name,
    level,
    base: { pid: process.pid },
    timestamp: () => isoTime(),
    serializers: { err: errSerializer },
    // Belt and braces: these keys never reach a log line, whoever logs them.
    redact: {
      paths: [
        "email",
        "*.email",
        "to",
        "*.to",
        "password",
        "*.password",
        "token",
        "*.token",
        "req.headers.cookie",
        "req.headers.authorization",
        "headers.authorization",
      ],
      censor: "[redacted]",
    },
  };
  if (destination) return pino(options, destination);
  if (!file) return pino(options);
  const transport = pino.transport({
    target: "pino-roll",
    options: { file: path.resolve(file), frequency: "daily", dateFormat: "yyyy-MM-dd", mkdir: true },
  });
  return pino(options, transport);
}

/** A logger that writes nothing (tests, scripts that want quiet). */
export const silentLogger: Logger = pino({ level: "silent" });
