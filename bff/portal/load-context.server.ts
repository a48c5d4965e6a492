// What the server hands every loader and action of one request (Remix's load context): the BFF, and this
// request's context, built when a loader or action first asks for it and then shared by the others (the
// root's loader and the page's make one, not two).
import { type ActionContext, actionContext, type RequestContext, requestContext } from "./request-context.server";
import type { Bff } from "./services.server";

export function createLoadContext(bff: Bff, { cspNonce, requestId }: { cspNonce: string; requestId: string }) {
  // One deadline for all of the request's backend calls together (PAGE_DEADLINE_MS).
  const deadlineAt = Date.now() + bff.config.pageDeadlineMs;
  let forPages: Promise<RequestContext> | undefined;
  let forAction: Promise<ActionContext> | undefined;
  return {
    bff,
    cspNonce,
    requestId,
    /** The tenant, its configuration, the language, the user and the API bound to this request's tokens. */
    requestContext: (request: Request) => (forPages ??= requestContext(request, bff, { deadlineAt })),
    /** The same for an action, with its form read (once: a body is read once) and checked (honeypot, form token). */
    actionContext: (request: Request) => (forAction ??= actionContext(request, bff, deadlineAt)),
  };
}

export type LoadContext = ReturnType<typeof createLoadContext>;
