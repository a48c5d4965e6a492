// A reply's bytes as text, decoded as a browser decodes them: by the WHATWG Encoding Standard, on every
// Node the portal runs on (Node 20's own TextDecoder reads windows-1252 as Latin-1, nodejs/node#60888;
// docs/decisions/068). Its Content-Encoding is already undone (bounded-body.server.ts).
import { TextDecoder } from "@exodus/bytes/encoding.js";

const BYTE_ORDER_MARK = "\uFEFF";

export class UnreadableReplyError extends Error {}

type Headers = Record<string, string | string[] | undefined>;

export function headerText(headers: Headers, name: string) {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(",") : (value ?? "")).trim();
}

/** The reply's text: its declared charset decoded, a byte-order mark dropped. */
export function replyText(body: Uint8Array, headers: Headers): string {
  const text = decodeText(body, charsetOf(headers["content-type"]));
  return text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
}

/**
 * The `charset` a Content-Type declares (`application/json; charset=windows-1252`), UTF-8 where it declares
 * none. A Content-Type sent twice (IIS and a module each adding one) is read value by value: the first
 * charset either declares counts.
 */
function charsetOf(contentType: string | string[] | undefined) {
  const values = [contentType ?? []].flat().flatMap((value) => value.split(/,(?=\s*[\w.+-]+\/)/));
  const declared = values.map((value) => /;\s*charset\s*=\s*"?([^";,\s]+)"?/i.exec(value)?.[1]).find(Boolean);
  return declared ? declared.toLowerCase() : "utf-8";
}

/** The text in its declared charset; bytes that are not what it declares are refused, never shown as '�'. */
function decodeText(body: Uint8Array, charset: string) {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset, { fatal: true, ignoreBOM: true });
  } catch {
    throw new UnreadableReplyError(`unknown charset ${charset}`);
  }
  try {
    return decoder.decode(body);
  } catch {
    throw new UnreadableReplyError(
      `not ${charset} as declared${charset === "utf-8" ? " (a reply in another charset must declare it in its Content-Type)" : ""}`,
    );
  }
}
