// A backend that hardly pauses, for the bench's reading of the portal's own tail: each call (method, path
// and body) goes once to the simulators, and is answered after that from memory, byte for byte. The
// simulators, on the same two cores as the portal, take 0.6 to 1.1 ms of CPU a call and stop for 10 to
// 27 ms when they collect their garbage; a real backend runs on machines of its own. Run as a process of
// its own: `node --import tsx tests/bench/replaying-backend.ts`.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { buffer } from "node:stream/consumers";
import { httpRequest, type Reply } from "./http";
import { PORTS } from "./servers";

const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding"];

async function askUpstream(port: number, incoming: IncomingMessage, sent: Buffer): Promise<Reply> {
  const answer = await httpRequest(port, { method: incoming.method, path: incoming.url ?? "/", headers: incoming.headers, body: sent });
  const kept = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
  return { ...answer, headers: { ...kept, "content-length": String(answer.body.length) } };
}

function replaying(port: number, upstream: number) {
  const replies = new Map<string, Reply>();
  async function answer(incoming: IncomingMessage, outgoing: ServerResponse) {
    try {
      const sent = await buffer(incoming);
      const key = `${incoming.method} ${incoming.url} ${sent.toString("base64")}`;
      const reply = replies.get(key) ?? (await askUpstream(upstream, incoming, sent));
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
