// A reply's body read with a limit on what it becomes, not only on what was sent: the bytes on the
// wire are counted as they come, then each declared Content-Encoding is undone by zlib's streams (on
// the thread pool, never the event loop) and the bytes that come out are counted too. A few hundred KB
// of gzip can inflate to hundreds of MB (docs/security.md, "Every size limit counts what is decoded").
import type { Readable } from "node:stream";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from "node:zlib";

/** A body past the limit, on the wire or once decoded: read no further. */
export class BodyTooLargeError extends Error {
  constructor(
    readonly wireBytes: number,
    /** What decoding had produced when it stopped; the wire bytes where the body was not encoded. */
    readonly decodedBytes: number,
    readonly limit: number,
  ) {
    super(`a body over ${limit} bytes (${wireBytes} on the wire, ${decodedBytes} decoded when stopped)`);
  }
}

/** A Content-Encoding the body does not have, or one the portal does not know. */
export class UndecodableBodyError extends Error {}

/** The codings a Content-Encoding header lists, in the order they were applied. */
export function contentEncodingsOf(header: string | string[] | undefined): string[] {
  return (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .toLowerCase()
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && part !== "identity");
}

/** A zlib stream starts with a header whose two bytes are a multiple of 31 (RFC 1950); some servers send raw deflate instead. */
function hasZlibHeader(body: Buffer) {
  return body.length >= 2 && (body[0] & 0x0f) === 8 && (body[0] * 256 + body[1]) % 31 === 0;
}

function decoderFor(encoding: string, body: Buffer) {
  switch (encoding) {
    case "gzip":
    case "x-gzip":
      return createGunzip();
    case "deflate":
      return hasZlibHeader(body) ? createInflate() : createInflateRaw();
    case "br":
      return createBrotliDecompress();
    default:
      throw new UndecodableBodyError(`unknown content encoding ${encoding}`);
  }
}

/** Collects a stream's bytes, failing with `tooLarge(size)` the moment they pass `limit`. */
function collector(limit: number, tooLarge: (size: number) => Error) {
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) return done(tooLarge(size));
      chunks.push(chunk);
      done();
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks, size) };
}

/** The body as sent, at most `limit` bytes; a longer one is destroyed unread. */
export async function readWireBytes(body: Readable, limit: number): Promise<Buffer> {
  const { sink, bytes } = collector(limit, (size) => new BodyTooLargeError(size, size, limit));
  await pipeline(body, sink);
  return bytes();
}

async function undoOne(body: Buffer, encoding: string, limit: number, wireBytes: number): Promise<Buffer> {
  const decoder = decoderFor(encoding, body);
  const { sink, bytes } = collector(limit, (size) => new BodyTooLargeError(wireBytes, size, limit));
  try {
    await pipeline([body], decoder, sink);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw error;
    throw new UndecodableBodyError(`declared ${encoding} but could not be decoded`);
  }
  return bytes();
}

/** The body with each declared Content-Encoding undone (last applied, first undone), at most `limit` bytes at every step. */
export async function decodedBody(body: Buffer, contentEncoding: string | string[] | undefined, limit: number): Promise<Buffer> {
  let decoded = body;
  for (const encoding of contentEncodingsOf(contentEncoding).reverse()) decoded = await undoOne(decoded, encoding, limit, body.length);
  return decoded;
}

/** A reply read whole: at most `limit` bytes on the wire, and at most `limit` once decoded. */
export async function readDecodedBody(body: Readable, contentEncoding: string | string[] | undefined, limit: number): Promise<Buffer> {
  return decodedBody(await readWireBytes(body, limit), contentEncoding, limit);
}
