// The ceiling: a bare node:http server answering each recorded `METHOD path` with the portal's
// own reply (status, content type, location and body), read from a JSON file.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

type Reply = { status: number; headers: Record<string, string>; body: string };
const replies = Object.fromEntries(
  Object.entries(JSON.parse(readFileSync(process.argv[2], "utf8")) as Record<string, Reply>).map(([key, reply]) => [
    key,
    { ...reply, bytes: Buffer.from(reply.body, "base64") },
  ]),
);
const first = Object.values(replies)[0];

createServer((req, res) => {
  const reply = replies[`${req.method} ${req.url}`] ?? first;
  req.resume();
  req.on("end", () => res.writeHead(reply.status, { ...reply.headers, "content-length": reply.bytes.length }).end(reply.bytes));
}).listen(Number(process.env.PORT), "127.0.0.1");
