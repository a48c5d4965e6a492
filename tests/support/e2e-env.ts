// The end-to-end server's settings, shared by playwright.config.ts and the tests that seal cookies.
export const E2E_PORT = 3100;
export const E2E_SESSION_SECRET = "e2e-session-secret-0123456789-0123456789";

export function portalUrl(tenant: string, path = "/") {
  return `http://${tenant}.localhost:${E2E_PORT}${path}`;
}

/** Node's HTTP clients do not resolve *.localhost: they call loopback and name the tenant in Host. */
export function serverUrl(path = "/") {
  return `http://127.0.0.1:${E2E_PORT}${path}`;
}
