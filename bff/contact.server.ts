// Contact calls (spec 7.5).
import { captchaStateSchema } from "./contract";
import type { LegacyApi } from "./legacy-client.server";

export async function isCaptchaRequired(api: LegacyApi) {
  const state = await api.request({
    call: "isCaptchaRequired",
    path: "kontakt",
    query: { cmd: "IsCaptchaRequired" },
    schema: captchaStateSchema,
  });
  return state.IsCaptchaRequired;
}
