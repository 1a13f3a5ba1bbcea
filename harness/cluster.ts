/**
 * The production layout on one machine: N instances of the production build
 * (`startSite`, each on its own free port and DATA_DIR) sharing one fresh
 * PostgreSQL schema, with nginx in front (harness/nginx.ts, running
 * deploy/nginx/). Optionally the instances share Redis for the rate limit
 * (REDIS_URL).
 *
 * E-mail: a real SMTP server in this process, one listening socket per
 * instance (each instance's SMTP_URL names its own), so the test knows which
 * instance handed over each message: the one way to tell the duplicate an
 * at-least-once outbox cannot rule out (sent by an instance that died before
 * recording it, then by a survivor) from a bug (two live instances sending
 * one message).
 *
 * `stop()` stops nginx and every instance, drops the schema and removes
 * every folder; the scale-out test (tests/e2e/scale-out.http.spec.ts) and
 * the scale benchmark (bench/scale.ts) both start their clusters here.
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { Mailbox, type ReceivedEmail } from "./mail.ts";
import { startNginx, type NginxProxy } from "./nginx.ts";
import { freePort } from "./ports.ts";
import {
  HOST,
  createPgSchema,
  createSmtpSink,
  dbReader,
  dropPgSchema,
  freshDataDir,
  pgUrl,
  startSite,
  type DbReader,
  type SiteServer,
  type SmtpSink,
} from "./servers.ts";

export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
export const TEAM_EMAIL = "team@example.test";

export type ClusterOptions = {
  /** Used in folder and schema names. */
  name: string;
  /** How many instances (default 3). */
  instances?: number;
  /** Settings for every instance, over the cluster's own (RATE_LIMIT_MAX, MAIL_RETRY_MAX_SECONDS …). */
  env?: Record<string, string>;
  /** Give the instances REDIS_URL (TEST_REDIS_URL, default redis://127.0.0.1:6379). */
  redis?: boolean;
  /** How long to wait for each instance's /healthz (default 30 s). */
  startTimeoutMs?: number;
};

export type Cluster = {
  name: string;
  /** Through nginx: what a visitor reaches. */
  baseURL: string;
  nginx: NginxProxy;
  instances: SiteServer[];
  /** The PostgreSQL schema all instances share, and its DATABASE_URL. */
  schema: string;
  databaseUrl: string;
  /** Queries in the schema (? placeholders). */
  read: DbReader;
  /** The SMTP server's socket for each instance (same order as `instances`). */
  smtp: SmtpSink[];
  /** What each instance handed to the SMTP server (same order as `instances`). */
  mailboxes: Mailbox[];
  /** Every message received, with the index of the instance that sent it. */
  allMail(): Promise<(ReceivedEmail & { instance: number })[]>;
  /** How many messages were received in all. */
  received(): number;
  /** The settings every instance got (besides PORT, HOST, DATA_DIR, SMTP_URL). */
  env: Record<string, string>;
  /** Stops nginx and the instances, drops the schema, removes the folders. Safe to call twice. */
  stop(): Promise<void>;
};

export async function startCluster({
  name,
  instances: count = 3,
  env: extra = {},
  redis = false,
  startTimeoutMs,
}: ClusterOptions): Promise<Cluster> {
  if (count < 1) throw new Error("a cluster needs at least one instance");
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    const errors: unknown[] = [];
    for (const step of cleanups.splice(0).reverse()) await step().catch((error: unknown) => errors.push(error));
    if (errors.length) throw errors[0];
  };
  try {
    const smtp: SmtpSink[] = [];
    cleanups.push(async () => {
      await Promise.all(smtp.map((sink) => sink.stop()));
      for (const sink of smtp) rmSync(sink.dir, { recursive: true, force: true });
    });
    for (let i = 0; i < count; i++) smtp.push(await createSmtpSink({ dir: freshDataDir(`${name}-${i + 1}-smtp`) }));
    const schema = await createPgSchema(`scale_${name}`);
    cleanups.push(() => dropPgSchema(schema));
    const databaseUrl = pgUrl(schema);

    // nginx's port first: the instances put it in links (SITE_URL). Should it
    // be taken by the time nginx binds it, nginx starts on another and only
    // those links are off.
    const publicPort = await freePort();
    const env: Record<string, string> = {
      APP_ENV: "test",
      DATABASE_URL: databaseUrl,
      // One key for every instance, as production must have (ADR 033).
      SECRETS_KEY: randomBytes(32).toString("base64url"),
      SITE_URL: `http://${HOST}:${publicPort}`,
      TEAM_EMAIL,
      TRUST_PROXY_HOPS: "1",
      FORM_MIN_FILL_SECONDS: "0",
      ...(redis ? { REDIS_URL } : {}),
      ...extra,
    };

    const sites: SiteServer[] = [];
    cleanups.push(async () => {
      await Promise.all(sites.map((site) => site.stop()));
      for (const site of sites) rmSync(site.dataDir, { recursive: true, force: true });
    });
    const instances: SiteServer[] = new Array<SiteServer>(count);
    const start = async (i: number) => {
      const site = await startSite({
        name: `${name}-${i + 1}`,
        env: { ...env, SMTP_URL: `smtp://${HOST}:${smtp[i]!.port}` },
        startTimeoutMs,
      });
      sites.push(site);
      instances[i] = site;
    };
    // The first instance migrates the schema alone (as a rolling deploy
    // would); the others then start together.
    await start(0);
    const rest = await Promise.allSettled(Array.from({ length: count - 1 }, (_, i) => start(i + 1)));
    const failed = rest.find((r) => r.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;

    const nginx = await startNginx({
      upstreams: instances.map((s) => ({ host: HOST, port: s.port })),
      port: publicPort,
    }).catch(() => startNginx({ upstreams: instances.map((s) => ({ host: HOST, port: s.port })) }));
    cleanups.push(() => nginx.stop());

    const mailboxes = smtp.map((sink) => new Mailbox(sink.dir, TEAM_EMAIL));
    let stopped: Promise<void> | null = null;
    return {
      name,
      baseURL: nginx.baseURL,
      nginx,
      instances,
      schema,
      databaseUrl,
      read: dbReader({ pgSchema: schema }),
      smtp,
      mailboxes,
      async allMail() {
        const all = await Promise.all(mailboxes.map((m) => m.all()));
        return all.flatMap((messages, instance) => messages.map((m) => ({ ...m, instance })));
      },
      received: () => smtp.reduce((sum, sink) => sum + sink.received(), 0),
      env,
      stop: () => (stopped ??= cleanup()),
    };
  } catch (error) {
    await cleanup().catch(() => {});
    throw error;
  }
}
