// A plain node:http request: Node's fetch does not send a Host header of our choosing, and the
// portal picks the tenant by host.
import { type OutgoingHttpHeaders, request } from "node:http";

export type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

export function httpRequest(
  port: number,
  { method = "GET", path, headers = {}, body }: { method?: string; path: string; headers?: OutgoingHttpHeaders; body?: string | Buffer },
) {
  return new Promise<Reply>((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** The `name=value` pairs of a reply's Set-Cookie headers. */
export function cookiesOf(reply: Reply) {
  return ([] as string[]).concat(reply.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]);
}
