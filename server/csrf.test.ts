import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csrfProtection } from "./csrf";

let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(csrfProtection());
  app.all("*", (_req, res) => {
    res.send("done");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const post = (headers: Record<string, string>) => fetch(`${base}/sprache`, { method: "POST", headers, body: "lng=en" });

describe("cross-site request forgery check", () => {
  it("lets GET through without any header", async () => {
    expect((await fetch(base)).status).toBe(200);
  });

  it("refuses a cross-site post, in the visitor's language", async () => {
    const response = await post({ "sec-fetch-site": "cross-site", "accept-language": "en" });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("refused for security reasons");
    expect(response.headers.get("vary")).toMatch(/Sec-Fetch-Site.*Origin/);
  });

  it("refuses a same-site post from another host", async () => {
    expect((await post({ "sec-fetch-site": "same-site" })).status).toBe(403);
  });

  it("accepts a same-origin post", async () => {
    expect((await post({ "sec-fetch-site": "same-origin" })).status).toBe(200);
  });

  it("without Sec-Fetch-Site, requires a matching Origin or Referer", async () => {
    expect((await post({ origin: base })).status).toBe(200);
    expect((await post({ referer: `${base}/code` })).status).toBe(200);
    expect((await post({ origin: "https://evil.example" })).status).toBe(403);
    expect((await post({})).status).toBe(403);
  });
});
