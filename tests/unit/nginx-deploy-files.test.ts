/**
 * The nginx configuration the scale-out test and bench:static run is
 * deploy/nginx/ itself: only the upstream addresses and production's
 * folders change (tests/support/nginx.ts, docs/decisions/051).
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEPLOY_NGINX, deployFiles } from "../support/nginx.ts";

const upstreams = [
  { host: "127.0.0.1", port: 41001 },
  { host: "127.0.0.1", port: 41002 },
];
const files = deployFiles(upstreams, "/tmp/run-folder");

describe("deployFiles", () => {
  it("takes every file of deploy/nginx/ but the public TLS server blocks", () => {
    const all = readdirSync(DEPLOY_NGINX).filter((name) => name.endsWith(".conf"));
    expect(Object.keys(files).sort()).toEqual(all.filter((name) => name !== "meridian-site.conf").sort());
  });

  it("points production's folders at the run's and changes nothing else but the upstream addresses", () => {
    for (const [name, text] of Object.entries(files)) {
      expect(text, name).not.toContain("/etc/nginx/meridian");
      expect(text, name).not.toContain("/var/cache/nginx/meridian");
      const original = readFileSync(path.join(DEPLOY_NGINX, name), "utf8")
        .replaceAll("/etc/nginx/meridian/", "/tmp/run-folder/")
        .replaceAll("/var/cache/nginx/meridian", "/tmp/run-folder/cache");
      const withoutServers = (conf: string) => conf.replace(/^[ \t]*server[ \t]+\S+[^;\n]*;[^\n]*\n/gm, "");
      expect(withoutServers(text), name).toBe(withoutServers(original));
    }
    expect(files["meridian-proxy.conf"]).toContain("include /tmp/run-folder/meridian-upstream.conf;");
    expect(files["meridian-http.conf"]).toContain("proxy_cache_path /tmp/run-folder/cache ");
  });

  it("lists one server line per instance, with the file's parameters", () => {
    const servers = files["meridian-http.conf"]!.match(/^[ \t]*server[ \t]+\S+[^;\n]*;/gm);
    expect(servers?.map((line) => line.trim())).toEqual([
      "server 127.0.0.1:41001 max_fails=2 fail_timeout=10s;",
      "server 127.0.0.1:41002 max_fails=2 fail_timeout=10s;",
    ]);
  });
});
