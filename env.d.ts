/// <reference types="@remix-run/node" />

declare module "*.css" {
  const href: string;
  export default href;
}

/** The hyphen package's German patterns (a CommonJS module without types). */
declare module "hyphen/de/index.js" {
  const patterns: { hyphenateSync(text: string, options?: { hyphenChar?: string; minWordLength?: number }): string };
  export default patterns;
}
