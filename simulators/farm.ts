// A farm in front of the service that keeps sessions in one node's memory (IIS Application Request
// Routing, Azure App Service): its first reply to a client sets the affinity cookies that lead back to
// that node. A token of a session that lives in that node's memory, sent without them, reaches another
// node, which does not know it: 401 PSOF0204, as the service answers a session that ended.
const NODE = "node-a-4f1c";
const AFFINITY = /(?:^|;\s*)ARRAffinity=([^;]*)/;
const AFFINITY_COOKIES = [
  `ARRAffinity=${NODE};Path=/;HttpOnly;Domain=backend.invalid`,
  `ARRAffinitySameSite=${NODE};Path=/;HttpOnly;SameSite=None;Secure;Domain=backend.invalid`,
];

const bearerOf = (request: Request) => request.headers.get("authorization")?.replace(/^Bearer\s+/i, "");

export function createAffinityFarm() {
  /** Tokens of sessions the node made (a login's, a new recipient's): kept in its memory. */
  const sessionsOnNode = new Set<string>();
  const reachesNode = (request: Request) => AFFINITY.exec(request.headers.get("cookie") ?? "")?.[1] === NODE;
  return {
    /** The other node's answer, where a session of this node's memory comes without the cookies that lead here. */
    refused(request: Request): Response | undefined {
      const token = bearerOf(request);
      if (!token || !sessionsOnNode.has(token) || reachesNode(request)) return undefined;
      return Response.json({ Code: "PSOF0204", Message: null }, { status: 401 });
    },
    /** The node's reply through the farm: its affinity cookies where the request came without them, the sessions it made noted. */
    async passed(request: Request, response: Response): Promise<Response> {
      if (response.ok && (response.headers.get("content-type") ?? "").includes("json")) {
        const token = ((await response.clone().json()) as { Token?: unknown } | null)?.Token;
        if (typeof token === "string") sessionsOnNode.add(token);
      }
      if (reachesNode(request)) return response;
      const headers = new Headers(response.headers);
      for (const cookie of AFFINITY_COOKIES) headers.append("set-cookie", cookie);
      return new Response(response.body, { status: response.status, headers });
    },
  };
}
