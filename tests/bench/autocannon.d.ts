declare module "autocannon" {
  type Result = {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  export default function autocannon(options: {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections: number;
    duration: number;
    /** Asked in turn by each connection, over and over. */
    requests?: { method?: string; path?: string }[];
  }): Promise<Result>;
}
