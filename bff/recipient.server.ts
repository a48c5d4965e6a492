// Recipient calls (spec 7.4).
import { recipientExistsSchema } from "./contract";
import type { LegacyApi } from "./legacy-client.server";

export function hexEncode(value: string) {
  return Buffer.from(value, "utf8").toString("hex");
}

/** The existence check takes the recipient number hex-encoded. */
export function checkRecipientExists(api: LegacyApi, empfaengernummer: string) {
  return api.request({ call: "checkRecipientExists", path: `empfaenger/${hexEncode(empfaengernummer)}`, schema: recipientExistsSchema });
}
