/**
 * The bare Node contender of bench/static.ts: an http server that sends, from memory, the
 * very answers the site's server gave (status 200, the same headers and body bytes), chosen
 * by path and Accept-Encoding, and does nothing else: no routing, no logging, no counting.
 * What the site's server does per request beyond this is what the ratio between them measures.
 *
 *   node bench/bare-node-server.ts <answers.json> <port>
 *
 * answers.json: [{ path, accept, headers: { name: value }, body: base64 }]. Prints "ready"
 * once listening on 127.0.0.1:<port>.
 */
import { readFileSync } from "node:fs";
import http from "node:http";

type Answer = { path: string; accept: string; headers: Record<string, string>; body: string };

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error("usage: node bench/bare-node-server.ts <answers.json> <port>");

const answers = new Map(
  (JSON.parse(readFileSync(file, "utf8")) as Answer[]).map((a) => [
    `${a.path}\n${a.accept}`,
    { headers: a.headers, body: Buffer.from(a.body, "base64") },
  ]),
);

const server = http.createServer((req, res) => {
  const answer = answers.get(`${req.url ?? ""}\n${req.headers["accept-encoding"] ?? ""}`);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { ...answer.headers, "content-length": answer.body.length });
  res.end(answer.body);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(port), "127.0.0.1", () => process.stdout.write("ready\n"));
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => server.close(() => process.exit(0)));
