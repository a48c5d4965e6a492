// The HTTP response tests of Mozilla's HTTP Observatory (its v2 scoring, developer.mozilla.org/en-US/observatory/docs/tests_and_scoring),
// applied to a response's headers and the cookies the portal sets: each test's result and score modifier;
// 100 plus the modifiers is the score (A+ from 100 when no test fails).
export type ObservatoryResult = { test: string; result: string; modifier: number };

function directives(csp: string) {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  );
}

function contentSecurityPolicy(csp: string | undefined): ObservatoryResult {
  if (!csp) return { test: "Content Security Policy", result: "csp-not-implemented", modifier: -25 };
  const policy = directives(csp);
  const scripts = policy.get("script-src") ?? policy.get("default-src") ?? [];
  const unsafe = scripts.includes("'unsafe-inline'") && !scripts.some((value) => value.startsWith("'nonce-") || value.startsWith("'sha"));
  if (unsafe || scripts.includes("'unsafe-eval'"))
    return { test: "Content Security Policy", result: "csp-implemented-with-unsafe", modifier: -20 };
  if (!policy.has("object-src") && !policy.has("default-src"))
    return { test: "Content Security Policy", result: "csp-implemented-but-object-src-missing", modifier: -5 };
  const noneByDefault = policy.get("default-src")?.join(" ") === "'none'";
  return noneByDefault
    ? { test: "Content Security Policy", result: "csp-implemented-with-no-unsafe-default-src-none", modifier: 10 }
    : { test: "Content Security Policy", result: "csp-implemented-with-no-unsafe", modifier: 0 };
}

function cookies(setCookies: string[]): ObservatoryResult {
  if (setCookies.length === 0) return { test: "Cookies", result: "cookies-not-found", modifier: 0 };
  const attributes = setCookies.map((cookie) =>
    cookie
      .toLowerCase()
      .split(";")
      .map((part) => part.trim()),
  );
  if (!attributes.every((parts) => parts.includes("secure")))
    return { test: "Cookies", result: "cookies-without-secure-flag", modifier: -20 };
  if (!attributes.every((parts) => parts.includes("httponly")))
    return { test: "Cookies", result: "cookies-session-without-httponly-flag", modifier: -30 };
  if (!attributes.every((parts) => parts.some((part) => part.startsWith("samesite="))))
    return { test: "Cookies", result: "cookies-secure-with-httponly-sessions", modifier: 0 };
  return { test: "Cookies", result: "cookies-secure-with-httponly-sessions-and-samesite", modifier: 5 };
}

/** `externalScripts`: the page's scripts from another origin without an integrity attribute. */
export function observatory(headers: Record<string, string>, setCookies: string[], externalScripts: number): ObservatoryResult[] {
  const hsts = /max-age=(\d+)/.exec(headers["strict-transport-security"] ?? "");
  const referrer = headers["referrer-policy"] ?? "";
  const frameAncestors = directives(headers["content-security-policy"] ?? "").has("frame-ancestors");
  const corp = headers["cross-origin-resource-policy"];
  return [
    contentSecurityPolicy(headers["content-security-policy"]),
    cookies(setCookies),
    headers["access-control-allow-origin"] === "*"
      ? { test: "Cross-origin Resource Sharing", result: "cross-origin-resource-sharing-implemented-with-universal-access", modifier: -50 }
      : { test: "Cross-origin Resource Sharing", result: "cross-origin-resource-sharing-not-implemented", modifier: 0 },
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/.test(referrer)
      ? { test: "Referrer Policy", result: "referrer-policy-private", modifier: 5 }
      : { test: "Referrer Policy", result: "referrer-policy-not-implemented", modifier: 0 },
    !hsts
      ? { test: "Strict Transport Security", result: "hsts-not-implemented", modifier: -20 }
      : Number(hsts[1]) >= 15_768_000
        ? { test: "Strict Transport Security", result: "hsts-implemented-max-age-at-least-six-months", modifier: 0 }
        : { test: "Strict Transport Security", result: "hsts-implemented-max-age-less-than-six-months", modifier: -10 },
    externalScripts === 0
      ? { test: "Subresource Integrity", result: "sri-not-implemented-but-all-scripts-loaded-from-secure-origin", modifier: 0 }
      : { test: "Subresource Integrity", result: "sri-not-implemented-but-external-scripts-loaded-securely", modifier: -5 },
    headers["x-content-type-options"] === "nosniff"
      ? { test: "X-Content-Type-Options", result: "x-content-type-options-nosniff", modifier: 0 }
      : { test: "X-Content-Type-Options", result: "x-content-type-options-not-implemented", modifier: -5 },
    frameAncestors
      ? { test: "X-Frame-Options", result: "x-frame-options-implemented-via-csp", modifier: 5 }
      : { test: "X-Frame-Options", result: "x-frame-options-not-implemented", modifier: -20 },
    corp === "same-origin" || corp === "same-site"
      ? { test: "Cross Origin Resource Policy", result: "corp-implemented-with-same-origin", modifier: 0 }
      : { test: "Cross Origin Resource Policy", result: "corp-not-implemented", modifier: 0 },
  ];
}
