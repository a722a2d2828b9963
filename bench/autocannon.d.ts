// The part of autocannon 9's library API that bench/load.ts uses (the package ships no types).
declare module 'autocannon' {
  type TRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type TContext = Record<string, unknown>;
  type TOptions = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: {
      setupRequest?: (req: TRequest, context: TContext) => TRequest;
      onResponse?: (status: number, body: string, context: TContext, headers: Record<string, string>) => void;
    }[];
  };
  type THistogram = { average: number; p50: number; p99: number; max: number };
  type TResult = { requests: THistogram; latency: THistogram; throughput: THistogram; errors: number; timeouts: number; non2xx: number };
  function autocannon(opts: TOptions): Promise<TResult>;
  export default autocannon;
}
