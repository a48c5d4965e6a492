// The page texts' JSON files (app/i18n/page-texts.server.ts): named by their content, so cached
// for a year, and gzipped once at start-up instead of on every request.
import { gzipSync } from "node:zlib";
import type { RequestHandler } from "express";
import { pageTexts } from "../app/i18n/page-texts.server";

const files = new Map(
  Object.values(pageTexts).map(({ url, json }) => [url, { plain: Buffer.from(json), gzipped: gzipSync(json, { level: 9 }) }]),
);

export function servePageTexts(): RequestHandler {
  return (req, res, next) => {
    const file = files.get(req.path);
    if (!file) return next();
    const gzip = Boolean(req.acceptsEncodings("gzip"));
    res.set({
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
    });
    if (gzip) res.set("Content-Encoding", "gzip");
    res.send(gzip ? file.gzipped : file.plain);
  };
}
