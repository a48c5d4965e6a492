// A local nginx (Debian's package) in front of portal instances on loopback, with its own
// configuration, logs and pid in a temporary directory, for the scale-out test.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const NGINX = "/usr/sbin/nginx";

function configuration(dir: string, port: number, upstreams: number[]) {
  return `
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream portal {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream};`).join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
}

/** Round robin over `upstreams`; stop it with `child.kill()`. */
export function startNginx(port: number, upstreams: number[]) {
  const dir = mkdtempSync(join(tmpdir(), "nginx-"));
  const file = join(dir, "nginx.conf");
  writeFileSync(file, configuration(dir, port, upstreams));
  const child = spawn(NGINX, ["-c", file, "-p", dir, "-e", join(dir, "error.log")], { stdio: "ignore" });
  return { child, dir };
}
