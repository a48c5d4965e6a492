import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimits } from "../bff/state/rate-limits.server";
import { createSharedState } from "../bff/state/shared-state.server";
import { portalRouteManifest } from "../tests/support/portal-routes";
import { memoryLogger } from "../tests/support/test-logger";
import { clientOf, LIMITED_ROUTES, rateLimits } from "./rate-limit";
import { createRouteOfRequest, nameRoute } from "./route-of-request";

const manifest = await portalRouteManifest();
let base: string;
let close: () => void;
const refusals: string[] = [];

beforeAll(async () => {
  const limits = createRateLimits(
    createSharedState({ logger: memoryLogger().logger }),
    { rateLimitPerMinute: 3, mailsPerAddressPerHour: 3 },
    (limit) => refusals.push(limit),
  );
  const app = express();
  app.set("trust proxy", 0);
  app.use(nameRoute(createRouteOfRequest({ routes: manifest })));
  app.use(rateLimits({ limits }));
  app.all("*", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const post = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: "POST", headers: { "accept-language": "de", ...headers } });

describe("rate limits per client", () => {
  it("refuses the post after the budget with 429, a Retry-After and a clear message, whatever X-Forwarded-For says", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await post("/passwortaendern", { "x-forwarded-for": `203.0.113.${attempt}` });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await response.text()).toContain("Zu viele Versuche.");
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(refusals).toContain("client");
  });

  it("counts the action, not the spelling of its address", async () => {
    const spellings = ["/login", "/LOGIN", "/login/", "/login.data", "/%6Cogin?index", "/Login.data?_routes=routes%2Flogin"];
    const statuses = [];
    for (const path of spellings) statuses.push((await post(path)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it("counts guesses of the admin login token, which are reads", async () => {
    const statuses = [];
    for (let guess = 0; guess < 4; guess++) statuses.push((await fetch(`${base}/LOGIN/guess-${guess}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("counts every captcha-guarded form against one budget too", async () => {
    const statuses = [];
    for (const path of ["/kontakt", "/empfehlen/11", "/mitarbeiterempfehlen", "/kontakt"]) statuses.push((await post(path)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("does not limit reading a form, or forms without a budget", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await fetch(`${base}/code`)).status).toBe(200);
      expect((await post("/empfaengerdaten/AZ-100003")).status).toBe(200);
    }
  });

  it("names only routes the portal has", () => {
    for (const id of Object.keys(LIMITED_ROUTES)) expect(manifest[id], id).toBeDefined();
  });
});

describe("who counts as one client", () => {
  it("is an IPv4 address, mapped or not", () => {
    expect(clientOf("203.0.113.7")).toBe("203.0.113.7");
    expect(clientOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientOf(undefined)).toBe("unknown");
  });

  it("is an IPv6 address's /64, however the address is written", () => {
    const network = "2001:db8:0:1::/64";
    for (const ip of ["2001:db8:0:1::1", "2001:db8::1:0:0:0:2", "2001:0DB8:0000:0001:ffff:ffff:ffff:ffff", "2001:db8:0:1:1::"])
      expect(clientOf(ip), ip).toBe(network);
    expect(clientOf("2001:db8:0:2::1")).not.toBe(network);
    expect(clientOf("::1")).toBe("0:0:0:0::/64");
  });
});
