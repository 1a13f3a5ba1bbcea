/**
 * Debian's Chromium as the tests and the benchmark start it (set
 * CHROMIUM_PATH for another). Without the background-networking flags it
 * keeps trying to reach Google's hosts, which this machine's closed network
 * refuses.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--disable-dev-shm-usage",
];
