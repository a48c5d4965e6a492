// The ceiling: a bare node:http server answering every request with the bytes of one file.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const html = readFileSync(process.argv[2]);
createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": html.length }).end(html);
}).listen(Number(process.env.PORT), "127.0.0.1");
