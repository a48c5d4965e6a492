// One deadline per request, from its arrival (PAGE_DEADLINE_MS): the middleware that reads the tenant's
// configuration before the page waits for it no longer than the page would, and the page's backend calls
// share what is left (bff/portal/load-context.server.ts).
import type { Request, RequestHandler, Response } from "express";
import type { Bff } from "../bff/portal/services.server";

export function startRequestDeadline(bff: Bff): RequestHandler {
  return (_req, res, next) => {
    res.locals.deadlineAt = Date.now() + bff.config.pageDeadlineMs;
    next();
  };
}

/** When the request's backend calls must all be done (epoch ms). */
export function deadlineOf(res: Response): number | undefined {
  return typeof res.locals.deadlineAt === "number" ? res.locals.deadlineAt : undefined;
}

/** The request's tenant configuration, or its unavailability once the request's deadline has passed (the page then fails on time itself). */
export function tenantConfigInTime(bff: Bff, req: Request, res: Response) {
  return bff.tenants.configBy(bff.tenants.resolve(req.hostname), deadlineOf(res));
}
