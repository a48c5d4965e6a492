declare module "autocannon" {
  type Result = {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  export default function autocannon(options: { url: string; connections: number; duration: number; headers?: Record<string, string> }): Promise<Result>;
}
