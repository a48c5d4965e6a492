import type { NextFunction, Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { asyncHandler } from "./async-handler";

describe("an async handler", () => {
  it("hands a rejection to the error page (next) instead of leaving it unhandled", async () => {
    const next = vi.fn();
    asyncHandler(() => Promise.reject(new Error("store down")))({} as Request, {} as Response, next as NextFunction);
    await vi.waitFor(() => expect(next).toHaveBeenCalledWith(new Error("store down")));
  });

  it("leaves next alone when the handler answers", async () => {
    const next = vi.fn();
    const answered = vi.fn();
    asyncHandler(async () => answered())({} as Request, {} as Response, next as NextFunction);
    await vi.waitFor(() => expect(answered).toHaveBeenCalled());
    expect(next).not.toHaveBeenCalled();
  });
});
