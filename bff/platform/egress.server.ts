// How the portal reaches a backend (the legacy API, the CMS): straight to its origin over a keep-alive
// Pool, or through the company's egress proxy where the environment names one (HTTPS_PROXY, HTTP_PROXY,
// and NO_PROXY for the hosts reached directly), as curl and most tools read them.
import { type Dispatcher, EnvHttpProxyAgent, Pool } from "undici";

/** Whether the environment names an egress proxy (in either spelling, as curl reads them). */
export function egressProxyConfigured(env: NodeJS.ProcessEnv = process.env) {
  return Boolean(env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy);
}

/** The connections to one origin: through the egress proxy where one is configured. Requests name their `origin`. */
export function egressDispatcher(origin: string, settings: Pool.Options): Dispatcher {
  return egressProxyConfigured() ? new EnvHttpProxyAgent(settings) : new Pool(origin, settings);
}
