/**
 * Free ports from the operating system. A server that can listen on port 0
 * itself should (it then reports the port it got); a server that must know
 * its port before it starts (the site: its SITE_URL) gets one from here.
 */
import { createServer } from "node:net";

/** A port the OS reports free on 127.0.0.1 right now (bind to 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("no port from the OS"))));
    });
  });
}
