// Express 4 ignores the promise an async handler returns: a rejection would go unhandled (and end the
// process) instead of reaching the error page. Every async handler is wrapped in this.
import type { NextFunction, Request, RequestHandler, Response } from "express";

export function asyncHandler(handle: (req: Request, res: Response, next: NextFunction) => Promise<unknown>): RequestHandler {
  return (req, res, next) => {
    handle(req, res, next).catch(next);
  };
}
