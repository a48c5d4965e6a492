// What every handler of the legacy simulator answers with: the backend's error body, the caller's
// bearer token, a JSON body read leniently, and a stand-in picture.
import { HttpResponse } from "msw";
import type { LegacyErrorBody } from "../../bff/legacy/contract";

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function legacyError(status: number, Code: string, Message?: string) {
  return HttpResponse.json<LegacyErrorBody>({ Code, Message: Message ?? null }, { status });
}

export const noContent = () => new HttpResponse(null, { status: 204 });

export function bearer(request: Request): string | undefined {
  return request.headers.get("authorization")?.replace(/^Bearer\s+/i, "") || undefined;
}

/** The request's JSON object, or an empty one where it has none or no valid JSON. */
export async function jsonBody<T>(request: Request): Promise<Partial<T>> {
  const text = await request.text();
  if (!text) return {};
  try {
    return (JSON.parse(text) ?? {}) as Partial<T>;
  } catch {
    return {};
  }
}

export const normalisedEmail = (value: unknown) =>
  String(value ?? "")
    .trim()
    .toLowerCase();

export function svgReply(svg: string) {
  return new HttpResponse(svg, { headers: { "content-type": "image/svg+xml" } });
}
