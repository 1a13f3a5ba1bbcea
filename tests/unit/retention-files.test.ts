/**
 * The file sweeps on real files in a temporary folder: LOG_FILE's daily
 * files (named as pino-roll names them; one written by pino-roll itself)
 * are deleted once their newest line is more than 30 days old; e-mails the
 * site wrote as files (no SMTP_URL; one written by the site's transport)
 * 90 days after they were written; anything else is left alone.
 */
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMailTransport } from "~/mail/transport.server.ts";
import { sweepLogFiles, sweepMailFiles } from "~/retention/job.server.ts";

const dayMs = 86_400_000;

describe("file sweeps", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "retention-logs-"));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** A file with this name, last written at `mtime`. */
  const file = (name: string, mtime: Date) => {
    const full = path.join(dir, name);
    writeFileSync(full, '{"level":30}\n');
    utimesSync(full, mtime, mtime);
  };
  const pad = (n: number) => String(n).padStart(2, "0");
  /** The local date, as pino-roll's yyyy-MM-dd. */
  const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

  it("deletes LOG_FILE's files whose newest line is more than 30 days old, and nothing else", async () => {
    const now = new Date(2027, 4, 20, 15, 0, 0); // 20 May 2027, 15:00 local
    const cutoff = new Date(now.getTime() - 30 * dayMs);
    const dayBefore = new Date(cutoff.getFullYear(), cutoff.getMonth(), cutoff.getDate() - 1, 12);
    const endOfDayBefore = new Date(cutoff.getFullYear(), cutoff.getMonth(), cutoff.getDate());
    file(`site.${day(cutoff)}.1.log`, now); // the cutoff's own day: lines up to its end, inside
    file(`site.${day(dayBefore)}.1.log`, endOfDayBefore); // the day before: past
    file(`site.${day(dayBefore)}.2.log`, endOfDayBefore);
    file(`site.${day(now)}.1.log`, now); // today's file
    file(`site.${day(cutoff)}.3.log`, new Date(cutoff.getTime() - 1000)); // last written just before the cutoff: past
    file("site.2020-01-01.1.log.gz", new Date(2020, 0, 2)); // not pino-roll's: an operator's archive
    file("other.2020-01-01.1.log", new Date(2020, 0, 2));
    file("site.log", new Date(2020, 0, 2));

    const removed = await sweepLogFiles(path.join(dir, "site.log"), now);
    expect(removed).toBe(3);
    expect(readdirSync(dir).sort()).toEqual(
      [
        `site.${day(cutoff)}.1.log`,
        `site.${day(now)}.1.log`,
        "site.2020-01-01.1.log.gz",
        "other.2020-01-01.1.log",
        "site.log",
      ].sort(),
    );
  });

  it("finds the file pino-roll itself writes, keeps it 30 days and deletes it after", async () => {
    const pinoRoll = createRequire(import.meta.url)("pino-roll") as (options: object) => Promise<{
      write(line: string): boolean;
      end(): void;
      once(event: string, listener: () => void): void;
    }>;
    const logFile = path.join(dir, "site.log");
    const stream = await pinoRoll({ file: logFile, frequency: "daily", dateFormat: "yyyy-MM-dd", mkdir: true });
    stream.write('{"level":30,"msg":"hello"}\n');
    await new Promise<void>((resolve) => {
      stream.once("close", resolve);
      stream.end();
    });
    const [written] = readdirSync(dir);
    expect(written).toMatch(/^site\.\d{4}-\d{2}-\d{2}\.1\.log$/);

    expect(await sweepLogFiles(logFile, new Date(Date.now() + 29 * dayMs))).toBe(0);
    expect(readdirSync(dir)).toEqual([written]);
    expect(await sweepLogFiles(logFile, new Date(Date.now() + 32 * dayMs))).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a missing log folder is nothing to sweep", async () => {
    expect(await sweepLogFiles(path.join(dir, "not-there", "site.log"), new Date())).toBe(0);
  });

  it("deletes the e-mail files the site wrote (no SMTP_URL) 90 days after they were written", async () => {
    const transport = createMailTransport({ from: "Site <site@example.test>", dataDir: dir });
    await transport.send({
      id: "0b8f5c2e-4d1a-4c3e-9f7a-2b6d8e1f3a5c",
      to: "ann@example.test",
      subject: "Thank you",
      text: "Dear Ann",
      html: "<p>Dear Ann</p>",
    });
    const mailDir = path.join(dir, "mail");
    const [written] = readdirSync(mailDir);
    expect(written).toMatch(/\.eml$/);
    writeFileSync(path.join(mailDir, "README.txt"), "not an e-mail");
    utimesSync(path.join(mailDir, "README.txt"), new Date(2000, 0, 1), new Date(2000, 0, 1));

    expect(await sweepMailFiles(mailDir, new Date(Date.now() + 89 * dayMs))).toBe(0);
    expect(await sweepMailFiles(mailDir, new Date(Date.now() + 91 * dayMs))).toBe(1);
    expect(readdirSync(mailDir)).toEqual(["README.txt"]);
    expect(await sweepMailFiles(path.join(dir, "no-mail-here"), new Date())).toBe(0);
  });
});
