import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BodyTooLargeError } from "../bff/platform/bounded-body.server";
import { bodyWithinLimit, FORM_BODY_LIMIT_BYTES, requestLimits } from "./request-limits";

let port: number;
let close: () => void;
let bodiesRead = 0;

beforeAll(async () => {
  const app = express();
  app.use(requestLimits());
  app.all("*", (req, res) => {
    bodiesRead++;
    req.resume();
    req.on("end", () => res.send("read"));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(() => close());

type Sent = { status?: number; body?: string; bytesWritten: number };

/** Posts `declared` bytes (or chunked without a length), writing until the server answers. */
function post(path: string, { declared, chunked = false }: { declared: number; chunked?: boolean }): Promise<Sent> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", "accept-language": "de" };
    if (!chunked) headers["content-length"] = String(declared);
    const req = request({ host: "127.0.0.1", port, method: "POST", path, headers });
    let bytesWritten = 0;
    const chunk = Buffer.alloc(16 * 1024, "a");
    req.on("response", (res) => {
      let body = "";
      res.on("data", (part) => (body += part));
      res.on("end", () => resolve({ status: res.statusCode, body, bytesWritten }));
    });
    req.on("error", () => resolve({ bytesWritten }));
    const pump = () => {
      while (bytesWritten < declared) {
        const part = chunk.subarray(0, Math.min(chunk.length, declared - bytesWritten));
        bytesWritten += part.length;
        if (!req.write(part)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

describe("request limits", () => {
  it("passes a form of a real size", async () => {
    expect(await post("/kontakt", { declared: FORM_BODY_LIMIT_BYTES })).toMatchObject({ status: 200, body: "read" });
  });

  it("answers a larger post 413 with a friendly page, without reading it", async () => {
    const before = bodiesRead;
    const sent = await post("/kontakt", { declared: 50 * 1024 * 1024 });
    expect(sent.status).toBe(413);
    expect(sent.body).toContain("Die gesendeten Daten sind zu umfangreich.");
    expect(sent.bytesWritten).toBeLessThan(50 * 1024 * 1024);
    expect(bodiesRead).toBe(before);
  });

  it("refuses a request with more header lines than it takes (431), unread, whatever they say of the body", async () => {
    const before = bodiesRead;
    const status = await new Promise<number>((resolve) => {
      const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", "content-length": "10" };
      for (let line = 0; line < 150; line++) headers[`x-filler-${line}`] = "1";
      const req = request(
        { host: "127.0.0.1", port, method: "POST", path: "/kontakt", headers },
        (res) => (res.resume(), resolve(res.statusCode!)),
      );
      req.end("a=b&c=d&ef");
    });
    expect(status).toBe(431);
    expect(bodiesRead).toBe(before);
  });

  it("answers a body that is no form 415, and passes an empty post without a type", async () => {
    const send = (headers: Record<string, string>, body: string) =>
      new Promise<number>((resolve) => {
        const req = request(
          { host: "127.0.0.1", port, method: "POST", path: "/kontakt", headers },
          (res) => (res.resume(), resolve(res.statusCode!)),
        );
        req.end(body);
      });
    expect(await send({ "content-type": "application/json" }, '{"a":1}')).toBe(415);
    expect(await send({ "content-type": "text/plain" }, "a=b")).toBe(415);
    expect(await send({}, "a=b")).toBe(415);
    expect(await send({ "content-type": "multipart/form-data; boundary=x" }, "--x--")).toBe(200);
    expect(await send({ "content-type": "application/x-www-form-urlencoded;charset=UTF-8" }, "a=b")).toBe(200);
    expect(await send({ "content-length": "0" }, "")).toBe(200);
  });

  it("counts what is read: a body past the limit fails as it is read, whatever the headers said", async () => {
    const counted = bodyWithinLimit(Readable.from([Buffer.alloc(FORM_BODY_LIMIT_BYTES), Buffer.alloc(10)]));
    await expect(buffer(counted)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect((await buffer(bodyWithinLimit(Readable.from([Buffer.alloc(FORM_BODY_LIMIT_BYTES)])))).length).toBe(FORM_BODY_LIMIT_BYTES);
  });

  it("answers a post without a length 411", async () => {
    expect((await post("/kontakt", { declared: 10, chunked: true })).status).toBe(411);
  });

  it("refuses an overlong address, an absolute request target and Remix's old `_data` requests", async () => {
    const get = (path: string) =>
      new Promise<number>((resolve) => request({ host: "127.0.0.1", port, path }, (res) => (res.resume(), resolve(res.statusCode!))).end());
    expect(await get(`/x?${"a".repeat(5_000)}`)).toBe(414);
    expect(await get("http://evil.example/")).toBe(400);
    expect(await get("/login?_data=routes%2Flogin")).toBe(400);
    expect(await get("/login?%5Fdata=routes%2Flogin")).toBe(400);
    expect(await get("/login?lng=en")).toBe(200);
    for (const path of ["/%", "/%zz", "/kontakt%C0", "/login/adm-1%C0", "/a%E0%A4%A"]) expect(await get(path), path).toBe(400);
    expect(await get("/faq%C3%A4?q=%")).toBe(200);
  });
});
