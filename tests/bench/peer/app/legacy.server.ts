// The legacy API as a usual Remix app calls it: global fetch with the documented headers.
const BACKEND = process.env.LEGACY_API_URL ?? "http://127.0.0.1:4300";
export const TENANT = "standard";

type Call = { locale?: string; token?: string; method?: "GET" | "POST" | "PUT"; body?: unknown };

export async function legacy<T>(path: string, { locale = "de", token, method = "GET", body }: Call = {}): Promise<T> {
  const headers: Record<string, string> = {
    accept: "application/json",
    "x-requested-with": "XMLHttpRequest",
    "x-accept-language": locale,
    "x-mandant": TENANT,
  };
  if (token) {
    headers.authorization = `Bearer ${token}`;
    headers["x-authorization"] = `Bearer ${token}`;
  }
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${BACKEND}/api/v1/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Response("The service is not available.", { status: 502 });
  return (response.status === 204 ? null : await response.json()) as T;
}

export type TenantConfig = { Name: string; MaxEmpfaengerPraemieCent: number };
let config: Promise<TenantConfig> | undefined;

/** The tenant's configuration, read once per process. */
export function tenantConfig() {
  config ??= legacy<TenantConfig>(`mandant/${TENANT}`);
  return config;
}
