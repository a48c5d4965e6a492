// A company's egress proxy for the tests: CONNECT tunnels and absolute-form requests, each noted.
import { createServer, request as httpRequest } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";

/** A forward proxy as companies run them: CONNECT tunnels (and absolute-form requests), each noted. */
export async function startEgressProxy() {
  const used: string[] = [];
  const proxy = createServer((request, response) => {
    used.push(`${request.method} ${request.url}`);
    const target = new URL(request.url!);
    request.pipe(
      httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: request.method,
          headers: request.headers,
        },
        (reply) => {
          response.writeHead(reply.statusCode!, reply.headers);
          reply.pipe(response);
        },
      ),
    );
  }).on("connect", (request, client: Socket, head) => {
    used.push(`CONNECT ${request.url}`);
    const [host, port] = request.url!.split(":");
    const upstream = connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, used, close: () => proxy.close() };
}
