/**
 * The nginx configuration the scale-out test and bench:static run is
 * deploy/nginx/ itself: only the upstream addresses and production's
 * folders change (harness/nginx.ts, docs/decisions/051); and the
 * production layout, TLS server blocks included, passes `nginx -t`.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEPLOY_NGINX, NGINX_BIN, deployFiles } from "../../harness/nginx.ts";

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

describe("the production layout", () => {
  it("passes `nginx -t` as production installs it (meridian-site.conf including the rest)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "nginx-production-"));
    try {
      const productionPaths = (text: string) =>
        text
          .replaceAll("/etc/nginx/meridian/", `${dir}/meridian/`)
          .replaceAll("/var/cache/nginx/meridian", `${dir}/cache`)
          .replaceAll("/var/log/nginx/", `${dir}/`)
          .replaceAll("/etc/letsencrypt/live/meridian-executive.co.uk/", `${dir}/`);
      mkdirSync(path.join(dir, "meridian"));
      for (const name of readdirSync(DEPLOY_NGINX).filter((n) => n.endsWith(".conf")))
        writeFileSync(
          path.join(dir, "meridian", name),
          productionPaths(readFileSync(path.join(DEPLOY_NGINX, name), "utf8")),
        );
      // A throwaway certificate where Let's Encrypt's would be.
      execFileSync(
        "openssl",
        [
          "req",
          "-x509",
          "-newkey",
          "rsa:2048",
          "-nodes",
          "-days",
          "1",
          "-subj",
          "/CN=meridian.test",
          "-keyout",
          path.join(dir, "privkey.pem"),
          "-out",
          path.join(dir, "fullchain.pem"),
        ],
        { stdio: "ignore" },
      );
      // Debian's nginx.conf around it: its http block sets sendfile and tcp_nopush too.
      const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
        .map((t) => `${t}_temp_path ${dir}/tmp;`)
        .join(" ");
      writeFileSync(
        path.join(dir, "nginx.conf"),
        `pid ${dir}/nginx.pid;\nevents {}\nhttp {\n${temp}\ninclude /etc/nginx/mime.types;\nsendfile on;\ntcp_nopush on;\n` +
          `include ${dir}/meridian/meridian-site.conf;\n}\n`,
      );
      const check = spawnSync(
        NGINX_BIN,
        ["-t", "-p", dir, "-e", path.join(dir, "error.log"), "-c", path.join(dir, "nginx.conf")],
        {
          encoding: "utf8",
        },
      );
      expect(`${check.stderr}`, "nginx -t").toContain("test is successful");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
