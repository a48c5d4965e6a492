import { once } from "node:events";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { pageResponse } from "../bff/platform/page-response.server";
import { requestOf, sendResponse } from "./remix-handler";

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function serve(handler: RequestHandler) {
  const app = express();
  app.use((_req, res, next) => {
    res.append("Set-Cookie", "earlier=1; Path=/");
    next();
  });
  app.all("*", handler);
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
}

function get(port: number, path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; chunks: string[] }>((resolve, reject) => {
    const req = httpRequest({ port, path, method, headers }, (res) => {
      const chunks: string[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, chunks }));
    });
    req.on("error", reject).end();
  });
}

describe("sending Remix's response", () => {
  it("sends a redirect with no body with a length of 0, its cookies beside those set before", async () => {
    const headers = new Headers({ Location: "/bankdaten" });
    headers.append("Set-Cookie", "a=1; Path=/");
    headers.append("Set-Cookie", "b=2; Path=/");
    const port = await serve((req, res, next) => void sendResponse(req, res, new Response(null, { status: 302, headers })).catch(next));

    const reply = await get(port, "/");

    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe("/bankdaten");
    expect(reply.headers["content-length"]).toBe("0");
    expect(reply.headers["transfer-encoding"]).toBeUndefined();
    expect(reply.headers["set-cookie"]).toEqual(["earlier=1; Path=/", "a=1; Path=/", "b=2; Path=/"]);
  });

  it("sends a page of known length whole, and a body of unknown length chunk by chunk", async () => {
    const page = "<!DOCTYPE html><html><body>Seite</body></html>";
    const port = await serve((req, res, next) => {
      const response =
        req.path === "/page"
          ? new Response(page, { headers: { "Content-Length": String(Buffer.byteLength(page)) } })
          : new Response(
              new ReadableStream({
                start(controller) {
                  controller.enqueue(new TextEncoder().encode("eins,"));
                  controller.enqueue(new TextEncoder().encode("zwei"));
                  controller.close();
                },
              }),
            );
      sendResponse(req, res, response).catch(next);
    });

    const whole = await get(port, "/page");
    const streamed = await get(port, "/export");

    expect(whole.chunks.join("")).toBe(page);
    expect(whole.headers["transfer-encoding"]).toBeUndefined();
    expect(streamed.chunks.join("")).toBe("eins,zwei");
    expect(streamed.headers["transfer-encoding"]).toBe("chunked");
  });
  it("sends a rendered page that comes beside its Response, whole, with the Response's status and headers", async () => {
    const page = Buffer.from("<!DOCTYPE html><html><body>Empfehlung</body></html>");
    const headers = { "Content-Type": "text/html; charset=utf-8", "Content-Length": String(page.byteLength) };
    const port = await serve((req, res, next) => void sendResponse(req, res, pageResponse(page, { status: 404, headers })).catch(next));

    const reply = await get(port, "/");

    expect(reply.status).toBe(404);
    expect(reply.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(reply.headers["content-length"]).toBe(String(page.byteLength));
    expect(reply.chunks.join("")).toBe(page.toString());
  });
});

describe("Remix's request", () => {
  it("has the browser's URL with its port, the request's headers as the middleware left them, and its body", async () => {
    let seen: Request | undefined;
    let body = "";
    const port = await serve((req, res, next) => {
      req.headers["x-request-id"] = "req-0123456789";
      seen = requestOf(req, res);
      seen.text().then((text) => res.end((body = text)), next);
    });

    await new Promise<void>((resolve) => {
      const req = httpRequest(
        { port, path: "/empfehlen/630?kanal=mail", method: "POST", headers: { host: "telekom.localhost:3000" } },
        (res) => res.resume().on("end", resolve),
      );
      req.end("vorname=Erika");
    });

    expect(seen!.url).toBe("http://telekom.localhost:3000/empfehlen/630?kanal=mail");
    expect(seen!.method).toBe("POST");
    expect(seen!.headers.get("x-request-id")).toBe("req-0123456789");
    expect(body).toBe("vorname=Erika");
  });

  it("is aborted when the client goes away before the response is written, and not after", async () => {
    const signals: AbortSignal[] = [];
    const port = await serve((req, res) => {
      signals.push(requestOf(req, res).signal);
      if (req.path === "/finished") res.end("ok");
    });

    await get(port, "/finished");
    const gone = httpRequest({ port, path: "/gone" }).on("error", () => {});
    gone.end();
    await expect.poll(() => signals.length).toBe(2);
    gone.destroy();

    await expect.poll(() => signals[1].aborted).toBe(true);
    expect(signals[0].aborted).toBe(false);
  });
});
