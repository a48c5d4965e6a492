import type { TFunction } from "i18next";
import { z } from "zod";
import { builtOnce } from "./built-once.server";
import { requiredText } from "./fields.server";

/** What fits a text message with the link, and what a messenger's preview shows whole. */
export const SHARE_MESSAGE_MAX = 400;

/** The share page's message, as the recommender edits it: plain text, no markup, the link added by the portal. */
export const shareMessageSchema = builtOnce((t: TFunction) => {
  const label = t("common:share.messageLabel");
  return z.object({
    intent: z.literal("message"),
    nachricht: requiredText(t, label, SHARE_MESSAGE_MAX, "several").refine((text) => !/[<>]/.test(text), t("common:share.messageNoMarkup")),
  });
});
