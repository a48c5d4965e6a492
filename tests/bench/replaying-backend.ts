// A backend that hardly pauses, for the bench's reading of the portal's own tail: each call (method, path
// and body) goes once to the simulators, and is answered after that from memory, byte for byte. The
// simulators, on the same two cores as the portal, take 0.6 to 1.1 ms of CPU a call and stop for 10 to
// 27 ms when they collect their garbage; a real backend runs on machines of its own. Run as a process of
// its own: `node --import tsx tests/bench/replaying-backend.ts`.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, request, type ServerResponse } from "node:http";
import { PORTS } from "./servers";

type Reply = { status: number; headers: IncomingHttpHeaders; body: Buffer };

const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding"];

function body(stream: NodeJS.ReadableStream) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

function askUpstream(port: number, method: string, path: string, headers: IncomingHttpHeaders, sent: Buffer) {
  return new Promise<Reply>((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, method, path, headers }, (answer) => {
      const kept = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
      body(answer).then(
        (received) =>
          resolve({ status: answer.statusCode ?? 502, headers: { ...kept, "content-length": String(received.length) }, body: received }),
        reject,
      );
    });
    outgoing.on("error", reject);
    outgoing.end(sent);
  });
}

function replaying(port: number, upstream: number) {
  const replies = new Map<string, Reply>();
  async function answer(incoming: IncomingMessage, outgoing: ServerResponse) {
    try {
      const sent = await body(incoming);
      const key = `${incoming.method} ${incoming.url} ${sent.toString("base64")}`;
      const reply =
        replies.get(key) ?? (await askUpstream(upstream, incoming.method ?? "GET", incoming.url ?? "/", incoming.headers, sent));
      if (reply.status < 400) replies.set(key, reply);
      outgoing.writeHead(reply.status, reply.headers).end(reply.body);
    } catch {
      outgoing.writeHead(502).end();
    }
  }
  createServer((incoming, outgoing) => void answer(incoming, outgoing)).listen(port, "127.0.0.1");
}

replaying(PORTS.repliedLegacy, PORTS.legacy);
replaying(PORTS.repliedCms, PORTS.cms);
