import { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPortalServer, MAX_HEADER_BYTES } from "./http-server";

const app = express();
const server = createPortalServer(app);
/** What each request and response were made with, seen before Express's init gives them its prototypes. */
const made: { request: boolean; response: boolean }[] = [];
server.prependListener("request", (request, response) => {
  made.push({ request: Object.getPrototypeOf(request) === app.request, response: Object.getPrototypeOf(response) === app.response });
});
app.get(
  "/",
  (req, res) =>
    void res.json({ host: req.get("host"), isNodeRequest: req instanceof IncomingMessage, isNodeResponse: res instanceof ServerResponse }),
);
let origin: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => void server.close());

it("makes each request and response with the app's prototypes, so Express changes none per request", async () => {
  const reply = await fetch(`${origin}/`);
  expect(await reply.json()).toEqual({ host: origin.slice("http://".length), isNodeRequest: true, isNodeResponse: true });
  expect(made).toEqual([{ request: true, response: true }]);
});

it("keeps the explicit header limit, and drops no header line (request-limits.ts refuses too many)", async () => {
  expect(server.maxHeadersCount).toBe(0);
  const tooLong = await fetch(`${origin}/`, { headers: { "x-long": "a".repeat(MAX_HEADER_BYTES) } });
  expect(tooLong.status).toBe(431);
});
