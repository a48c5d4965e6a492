import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LegacyApiError, TooManyRequestsError } from "#bff/legacy/errors";
import { messageKeyForLegacyError } from "#bff/legacy/legacy-error-codes";
import { failedCallReply, upstreamFailureReply } from "./upstream-failure.server";

const t = ((key: string) => `text of ${key}`) as unknown as TFunction;
const refused = (code: string) => new LegacyApiError("someCall", 400, code, messageKeyForLegacyError(400, code));

/** A valid submission of a form with these fields. */
function submissionOf(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithZod(formData, { schema: z.object(Object.fromEntries(Object.keys(fields).map((name) => [name, z.string()]))) });
}

const replyOf = (result: ReturnType<typeof upstreamFailureReply>) => {
  const { error, initialValue } = result.data as { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
  return { status: result.init?.status, headers: new Headers(result.init?.headers), error, initialValue };
};

describe("a failed call as the form's reply", () => {
  it("puts the backend's message next to its field where the form has that field, keeping what was typed", () => {
    const reply = replyOf(upstreamFailureReply(refused("PSOF0205"), submissionOf({ email: "lena@", vorname: "Lena" }), t));
    expect(reply.status).toBe(400);
    expect(reply.error).toEqual({ email: ["text of errors:invalidEmail"] });
    expect(reply.initialValue).toMatchObject({ email: "lena@", vorname: "Lena" });
  });

  it("puts a captcha's refusal next to the captcha's answer", () => {
    const reply = replyOf(
      upstreamFailureReply(refused("PSOF0214"), submissionOf({ captchaAnswer: "7" }), t, { hideFields: ["captchaAnswer"] }),
    );
    expect(reply.error).toEqual({ captchaAnswer: ["text of errors:captchaWrong"] });
  });

  it("shows a field's message above a form that lacks the field (a logged-in recommender's form has no address)", () => {
    const reply = replyOf(upstreamFailureReply(refused("PSOF0210"), submissionOf({ share: "50" }), t));
    expect(reply.status).toBe(502);
    expect(reply.error).toEqual({ "": ["text of errors:loginFirst"] });
  });

  it("shows any other message above the form, with the headers asked for", () => {
    const reply = replyOf(
      upstreamFailureReply(refused("PSOF0001"), submissionOf({ email: "a@b.de" }), t, { headers: { "Set-Cookie": "x=; Max-Age=0" } }),
    );
    expect(reply.status).toBe(502);
    expect(reply.error).toEqual({ "": ["text of errors:technical"] });
    expect(reply.headers.get("Set-Cookie")).toBe("x=; Max-Age=0");
  });

  it("says when to try again after too many tries, keeping the headers asked for", () => {
    const reply = replyOf(
      upstreamFailureReply(new TooManyRequestsError("tooManyForAddress", 60), submissionOf({ code: "X" }), t, {
        headers: { "Set-Cookie": "x=1" },
      }),
    );
    expect(reply.status).toBe(429);
    expect(reply.headers.get("Retry-After")).toBe("60");
    expect(reply.headers.get("Set-Cookie")).toBe("x=1");
  });

  it("passes on what is not a failed call", () => {
    expect(() => upstreamFailureReply(new Error("bug"), submissionOf({ email: "a@b.de" }), t)).toThrow("bug");
  });

  it("ends the session in the browser where the backend ended it: the failed call carries the cookies", () => {
    const ended = new LegacyApiError("setNewsletter", 401, "PSOF0204", "sessionExpired", [
      "rp_session=; Max-Age=0",
      "rp_agency=; Max-Age=0",
    ]);
    const form = replyOf(upstreamFailureReply(ended, submissionOf({ email: "a@b.de" }), t));
    expect(form.error).toEqual({ "": ["text of errors:sessionExpired"] });
    expect(form.headers.getSetCookie()).toEqual(["rp_session=; Max-Age=0", "rp_agency=; Max-Age=0"]);
    const own = failedCallReply(ended, t, (message) => ({ error: message }));
    expect(own.data).toEqual({ error: "text of errors:sessionExpired" });
    expect(new Headers(own.init?.headers).getSetCookie()).toEqual(["rp_session=; Max-Age=0", "rp_agency=; Max-Age=0"]);
  });
});
