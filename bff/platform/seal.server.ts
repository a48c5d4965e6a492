// AES-256-GCM sealing of cookie values with key rotation: the first secret seals,
// every listed secret opens. A value reads `<keyId>.<base64url(nonce | ciphertext | tag)>`.
import { createCipheriv, createDecipheriv, createHash } from "node:crypto";
import { randomBytes } from "./random-bytes.server";

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

type SealKey = { id: string; key: Buffer };

export type Sealer = {
  seal(plaintext: string, purpose: string): string;
  open(sealed: string, purpose: string): string | null;
};

function deriveKey(secret: string): SealKey {
  const key = createHash("sha256").update(`seal-key:${secret}`).digest();
  const id = createHash("sha256").update(`seal-id:${secret}`).digest("hex").slice(0, 8);
  return { id, key };
}

/** `purpose` (the cookie name) is bound as associated data, so a value cannot move to another cookie. */
export function createSealer(secrets: string[]): Sealer {
  if (secrets.length === 0) throw new Error("createSealer needs at least one secret");
  const keys = secrets.map(deriveKey);
  const [sealingKey] = keys;
  return {
    seal(plaintext, purpose) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv("aes-256-gcm", sealingKey.key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const sealed = Buffer.concat([nonce, body, cipher.getAuthTag()]);
      return `${sealingKey.id}.${sealed.toString("base64url")}`;
    },
    open(sealed, purpose) {
      const [keyId, encoded, ...rest] = sealed.split(".");
      const match = keys.find((candidate) => candidate.id === keyId);
      if (!match || !encoded || rest.length > 0) return null;
      const bytes = Buffer.from(encoded, "base64url");
      if (bytes.length < NONCE_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", match.key, bytes.subarray(0, NONCE_BYTES), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(purpose));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        const body = bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
