// The Remix Express template's server, as a team starts from it.
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const build = await import("./build/index.js");
const app = express();
app.use(compression());
app.disable("x-powered-by");
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
app.all("*", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT ?? 3400), "127.0.0.1");
