// Keys that appear in this repository, now or in its history (the demo's fallback, the tests' and the
// benchmarks'), as SHA-256: anyone can read them, so they seal nothing where a real backend is configured
// (bff/platform/config.server.ts). A test (published-secrets.test.ts) finds every secret-like value in
// the repository and fails while one is missing here; tests that start the portal against a backend
// derive their keys instead (tests/support/test-secret.ts).
import { createHash } from "node:crypto";

const PUBLISHED_KEY_HASHES = new Set([
  "9d9db373b8bf2a272ba9ab4cd674a55d2a5f94e4810871869ac2962d7f100ce1",
  "4fdf636321c331fb2bc5b1b60ed5d5683ede39228041678d33fb640741a0160b",
  "32a82f46d92c0f8c1a8326db26a77d2b193a560482e89a96ebe46896f74b03aa",
  "93d91a6e8fbadfb730cc37b35e9eb7b44b6dc60d4be1ff0be39755fd64eb540c",
  "5b4b22c1a03b47a96ff50b4800de45524b3c582ba7651d6b2d271beee16e2ea3",
  "244a3a2032d5a981181bcd93c9b500e9668a7ce59b5466e0f1bff62117cc896b",
  "72ea4ae38691fa6d8f04c3da26148f1cd4096a23fcd8e65b8afbbf570c41a0bb",
  "6900fd01709ad416a573a13010bf2ed9357180826b3613c66026053e01ac7e77",
  "2879f2edb16306dcea925aa18ad5b9c1390009ce020f8c7931a540fb8bd2ccd4",
  "9a5076c662227d68fabb077856c3631df8b9326ae3b4bcdea1c881406daacf89",
  "669e42bb274cb7e20a88493a4ae5abf9eb90c49b2e84bc99d3877b7cc3ee9357",
  "80fa4f60994a874f81ee99136ae93010744617328a8e6a8f35e83bb2107323e7",
  "a770e890d18de3f73d45c9ca418f57efec0d0f051c2752b526a75d0840a83a64",
  "8920c0d1a5f0c1160e9858bb735ffa0aab9fe61b294ad595f66755a42c59e12a",
  "90c1a107a65ab6a096b3d962769c13c5a310a16ed285e7ecda82bbbcdf73ad85",
]);

export function isPublishedSecret(key: string) {
  return PUBLISHED_KEY_HASHES.has(createHash("sha256").update(key.trim()).digest("hex"));
}
