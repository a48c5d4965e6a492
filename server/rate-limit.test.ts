import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalLimits, rateLimits } from "./rate-limit";

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

describe("the portal's limited forms", () => {
  it("counts each form apart and covers the password, registration and recommendation forms", () => {
    const limits = portalLimits(10);
    const limited = (path: string) => limits.filter((limit) => limit.path.test(path)).length;
    for (const path of ["/login", "/code", "/registrieren", "/passwortvergessen", "/passwortsetzen", "/passwortaendern", "/empfehlen/631", "/kontakt"]) {
      expect(limited(path), path).toBe(1);
    }
    expect(limited("/empfaengerdaten/TK-100003")).toBe(0);
    expect(limited("/empfehlen/1/31")).toBe(0);
  });
});
