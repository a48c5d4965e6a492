// Bytes a browser sends that must not take the process (issue 55, findings 2 and 3), through the real
// server on a port of its own: a request with more header lines than the server takes hides no body
// (431, unread), a body that is no form gets 415, a broken form or one nested beyond any form 400,
// each with the friendly page in the visitor's language and no error in the log.
import { request } from "node:http";
import { connect } from "node:net";
import { text } from "node:stream/consumers";
import { expect, test } from "@playwright/test";
import { E2E_SESSION_SECRET } from "../support/e2e-env";
import { jsonLogLines, residentMegabytes, startPortal, stopProcess, waitForReady } from "../support/portal-process";
import { freePort } from "../support/redis";

let portal: ReturnType<typeof startPortal>;
let port: number;

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false, locale: "de-DE" });

test.beforeAll(async () => {
  port = await freePort();
  portal = startPortal({ port, simulatorPort: 0 }, { SESSION_SECRET: E2E_SESSION_SECRET, RATE_LIMIT_PER_MINUTE: "10000" });
  await waitForReady({ port });
});
test.afterAll(() => stopProcess(portal?.child));

const logLevels = () => jsonLogLines<{ level: number; msg: string }>(portal.output());

/**
 * Sends a request's head, then its body a chunk at a time (as a phone uploads), stopping at the
 * server's first answer: its status, and how much of the body went out. Paced, so that the answer is
 * read before the server, closing a connection with bytes unread, resets it.
 */
function rawPost(head: string[], bodyBytes: number, chunked = false): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, "a");
    const framed = chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]) : chunk;
    const finish = () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      socket.destroy();
      return Number.isNaN(status) ? reject(new Error(`no answer, ${sent} bytes sent`)) : resolve({ status, sent });
    };
    socket.on("data", (data) => {
      answer += data.toString("latin1");
      if (answer.includes("\r\n\r\n")) finish();
    });
    socket.on("error", () => undefined);
    socket.on("close", finish);
    socket.write(`${head.join("\r\n")}\r\n\r\n`);
    const pump = () => {
      if (answer || socket.destroyed) return;
      if (sent >= bodyBytes) return void socket.end(chunked ? "0\r\n\r\n" : "");
      sent += chunk.length;
      socket.write(framed, () => setTimeout(pump, 2));
    };
    pump();
  });
}

/**
 * The server answers and closes with the body unread; its kernel then resets the connection, and a reset
 * that reaches the client while it still writes ends the socket before the answer waiting in it is read
 * (seen once under a full suite's load). So a post with no answer is sent again, up to three times: a
 * server that resets without answering still fails, and any answer is checked.
 */
async function answeredPost(...args: Parameters<typeof rawPost>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await rawPost(...args);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

const FILLER = Array.from({ length: 150 }, (_, line) => `X-Filler-${line}: 1`);

test("a post with more header lines than the server takes is refused whole (431), its body not read", async () => {
  // Everything a real post has comes first: past Node's old count of 100 lines, only the framing.
  const head = (framing: string) => [
    "POST /kontakt HTTP/1.1",
    `Host: telekom.localhost:${port}`,
    `Origin: http://telekom.localhost:${port}`,
    "Content-Type: application/x-www-form-urlencoded",
    ...FILLER,
    framing,
    "Connection: close",
  ];
  const before = residentMegabytes(portal.child.pid);
  const declared = await answeredPost(head(`Content-Length: ${60 * 1024 * 1024}`), 60 * 1024 * 1024);
  expect(declared.status).toBe(431);
  const chunked = await answeredPost(head("Transfer-Encoding: chunked"), 60 * 1024 * 1024, true);
  expect(chunked.status).toBe(431);
  // The 60 MB never reached the process: it grew by far less than one body.
  expect(residentMegabytes(portal.child.pid) - before).toBeLessThan(40);
  expect(portal.child.exitCode).toBeNull();
});

test.describe("bodies the portal does not take", () => {
  /** A post to the contact form with the tenant's Host (fetch would send its own). */
  const post = (contentType: string, body: string, language = "de") =>
    new Promise<{ status: number; text: () => Promise<string> }>((resolve, reject) => {
      const headers = {
        host: `telekom.localhost:${port}`,
        origin: `http://telekom.localhost:${port}`,
        "content-type": contentType,
        "accept-language": language,
      };
      const req = request({ host: "127.0.0.1", port, method: "POST", path: "/kontakt", headers }, (res) => {
        const page = text(res);
        resolve({ status: res.statusCode!, text: () => page });
      });
      req.on("error", reject);
      req.end(body);
    });

  test("JSON and text get 415 with the friendly page in the visitor's language", async () => {
    for (const [type, body] of [
      ["application/json", '{"email":"a@b.example"}'],
      ["text/plain", "email=a@b.example"],
    ]) {
      const german = await post(type, body);
      expect(german.status, type).toBe(415);
      expect(await german.text()).toContain("Das Formular kam nicht so an, wie das Portal es annimmt.");
      const english = await post(type, body, "en");
      expect(await english.text()).toContain("The form did not arrive in a shape the portal takes.");
    }
  });

  test("a broken multipart body and a field name nested 15,000 levels deep get 400 with the message, and no error in the log", async ({
    page,
  }) => {
    const broken = await post("multipart/form-data; boundary=----x", "------x\r\nContent-Disposition: form-data; name=");
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("Das Formular kam nicht so an, wie das Portal es annimmt.");

    const deep = await post(
      "application/x-www-form-urlencoded",
      `${Array.from({ length: 15_000 }, () => "a").join(".")}=1&email=a@b.example`,
    );
    expect(deep.status).toBe(400);
    const text = await deep.text();
    expect(text).toContain("Das Formular kam nicht so an, wie das Portal es annimmt.");
    expect(text).not.toMatch(/Maximum call stack|at \w+ \(/);

    const manyFields = await post("application/x-www-form-urlencoded", Array.from({ length: 150 }, (_, field) => `f${field}=1`).join("&"));
    expect(manyFields.status).toBe(400);
    expect(await manyFields.text()).toContain("Das Formular kam nicht so an, wie das Portal es annimmt.");

    const english = await post("application/x-www-form-urlencoded", `${"a.".repeat(20)}a=1`, "en");
    expect(english.status).toBe(400);
    await page.setContent(await english.text());
    await expect(page.getByRole("alert")).toHaveText(
      "The form did not arrive in a shape the portal takes. Please reload the page and send it again.",
    );

    expect(logLevels().filter((line) => line.level >= 50)).toEqual([]);
    expect(portal.child.exitCode).toBeNull();
  });
});
