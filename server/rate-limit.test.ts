import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "./rate-limit";

let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", 0);
  app.use(rateLimits([{ path: /^\/login$/, max: 3, windowMs: 60_000 }]));
  app.all("*", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("rate limits per client", () => {
  it("refuses the post after the budget with 429, a Retry-After and a clear message, whatever X-Forwarded-For says", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await fetch(`${base}/login`, {
        method: "POST",
        headers: { "x-forwarded-for": `203.0.113.${attempt}`, "accept-language": "de" },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await response.text()).toContain("Zu viele Versuche.");
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it("does not limit reading the page or other paths", async () => {
    expect((await fetch(`${base}/login`)).status).toBe(200);
    expect((await fetch(`${base}/other`, { method: "POST" })).status).toBe(200);
  });
});
