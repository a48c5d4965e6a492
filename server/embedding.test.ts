import { once } from "node:events";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { carryWidgetParameter, parentPageOf } from "./embedding";

const frameTenant = { ModuleIntegratedFrame: true, MandantUrl: "https://www.friday.example", EmpfehlenPath: "/freunde-werben" };

describe("the parent page of a frame tenant", () => {
  it("is the tenant's URL plus its recommend path", () => {
    expect(parentPageOf(frameTenant, "empfehlen.friday.example")?.href).toBe("https://www.friday.example/freunde-werben");
  });

  it("is none without the integrated frame, for the portal's own host, or for a broken URL", () => {
    expect(parentPageOf({ ...frameTenant, ModuleIntegratedFrame: false }, "empfehlen.friday.example")).toBeNull();
    expect(parentPageOf({ ...frameTenant, MandantUrl: "http://friday.localhost:3000" }, "friday.localhost")).toBeNull();
    expect(parentPageOf({ ...frameTenant, MandantUrl: "not a url" }, "friday.localhost")).toBeNull();
  });
});

describe("the widget parameter carried into a frame", () => {
  async function locationFor(path: string) {
    const app = express();
    app.use(carryWidgetParameter());
    app.get("*", (_req, res) => res.send("page"));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    try {
      // Raw, as a client may send it: no normalisation on the way.
      return await new Promise<string | undefined>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port, path, headers: { "sec-fetch-dest": "iframe" } }, (res) => {
          res.resume();
          resolve(res.headers.location);
        });
        req.on("error", reject);
        req.end();
      });
    } finally {
      server.close();
    }
  }

  it("keeps the page and its query", async () => {
    expect(await locationFor("/empfehlen?c=mail")).toBe("/empfehlen?c=mail&widget=1");
  });

  it.each(["/.//evil.example", "//evil.example/", "/./\\evil.example", "/%2e//evil.example"])(
    "never leaves the portal for %s",
    async (path) => {
      const location = await locationFor(path);
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(new URL(location!, "http://portal.test").origin).toBe("http://portal.test");
    },
  );
});
