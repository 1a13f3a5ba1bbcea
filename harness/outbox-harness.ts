/**
 * What the outbox tests and benchmark share.
 *
 * startOutboxSmtp: a real SMTP server (npm smtp-server, in this process, on a port from the
 * OS) for the outbox tests and benchmark: it can take its time before it
 * accepts each message (a slow mail server), refuse every recipient (a
 * server that will never take the message), or hold a message it has fully
 * received without answering (so a test can kill the sender in the window
 * between "the server has it" and "the sender recorded it").
 *
 * It keeps every message whose DATA it received completely, with its
 * Message-ID: a message that reached the server twice is a duplicate, even
 * if the sender gave up before the server's answer.
 *
 * spawnWorkerProcess: an outbox worker in a process of its own
 * (harness/outbox-worker-process.ts), as a site instance runs it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import type { WorkerProcessMessage, WorkerProcessOptions } from "./outbox-worker-process.ts";

export type ReceivedMessage = { messageId: string; to: string[]; at: number };

export type OutboxSmtpOptions = {
  /** Wait this long after a message's DATA before answering 250 (default 0). */
  holdMs?: number;
  /** Take this long over each step before the message (greeting, MAIL FROM, RCPT TO): a server that trickles. */
  stepDelayMs?: number;
  /** Refuse every recipient with this reply (e.g. 550); the text quotes the address, as real servers do. */
  refuseWith?: number;
  /**
   * Called when a message's DATA is complete, before the answer; the answer
   * waits for the promise (one that never settles: the server never answers).
   */
  beforeAnswer?: (message: ReceivedMessage) => Promise<void> | void;
};

export type OutboxSmtp = {
  port: number;
  url: string;
  /** Messages whose DATA arrived completely, in order. */
  messages: ReceivedMessage[];
  /** RCPT TO commands seen, by address (refused ones included). */
  recipientAttempts: Map<string, number>;
  /** Message-IDs received more than once. */
  duplicates(): string[];
  close(): Promise<void>;
};

export async function startOutboxSmtp({
  holdMs = 0,
  stepDelayMs = 0,
  refuseWith,
  beforeAnswer,
}: OutboxSmtpOptions = {}): Promise<OutboxSmtp> {
  const messages: ReceivedMessage[] = [];
  const recipientAttempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 500,
    disableReverseLookup: true,
    onConnect(_session, callback) {
      setTimeout(() => callback(), stepDelayMs);
    },
    onMailFrom(_address, _session, callback) {
      setTimeout(() => callback(), stepDelayMs);
    },
    async onRcptTo(address, _session, callback) {
      if (stepDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, stepDelayMs));
      const to = address.address.toLowerCase();
      recipientAttempts.set(to, (recipientAttempts.get(to) ?? 0) + 1);
      if (refuseWith) {
        const error = new Error(`5.1.1 <${to}>: Recipient address rejected: User unknown`) as Error & {
          responseCode: number;
        };
        error.responseCode = refuseWith;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
        const messageId = /^message-id:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? "";
        const message = { messageId, to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), at: Date.now() };
        messages.push(message);
        void (async () => {
          await beforeAnswer?.(message);
          if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
          callback();
        })();
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    recipientAttempts,
    duplicates() {
      const seen = new Map<string, number>();
      for (const m of messages) seen.set(m.messageId, (seen.get(m.messageId) ?? 0) + 1);
      return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------
// Worker processes
// ---------------------------------------------------------------------------

export type WorkerProcess = {
  child: ChildProcess;
  pid: number;
  /** The worker's id (outbox.locked_by while it holds a message). */
  workerId: string;
  /** Its standard error so far (pino JSON lines at warn and above). */
  output(): string;
  /** Asks it to stop (it finishes its sends, frees its claims, deregisters) and waits for it to exit. */
  stop(): Promise<void>;
  /** SIGKILL (a crash); resolves when it has exited. */
  kill(): Promise<void>;
};

const WORKER_ENTRY = path.join(import.meta.dirname, "outbox-worker-process.ts");

/** Starts a worker process and resolves once its worker has registered and started. */
export async function spawnWorkerProcess(
  options: WorkerProcessOptions,
  startTimeoutMs = 20_000,
): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [WORKER_ENTRY, JSON.stringify(options)], {
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let err = "";
  child.stderr?.on("data", (chunk: Buffer) => void (err = (err + chunk.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const ready = await new Promise<Extract<WorkerProcessMessage, { type: "ready" }>>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`outbox worker process did not start within ${startTimeoutMs} ms:\n${err}`));
    }, startTimeoutMs);
    child.on("message", (message: WorkerProcessMessage) => {
      if (message.type !== "ready") return;
      clearTimeout(timer);
      resolve(message);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`outbox worker process exited (${code ?? signal}) before it started:\n${err}`));
    });
  });
  return {
    child,
    pid: ready.pid,
    workerId: ready.workerId,
    output: () => err,
    async stop() {
      if (gone()) return;
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      child.send({ type: "stop" });
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (gone()) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
}
