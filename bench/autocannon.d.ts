/** The part of autocannon's API the benches use (the package ships no types). */
declare module 'autocannon' {
  interface Client {
    on(event: 'response', listener: (status: number, bytes: number, responseTime: number) => void): void;
  }
  interface Options {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    requests?: { method: string; path: string; headers?: Record<string, string>; body?: string }[];
    setupClient?: (client: Client) => void;
  }
  interface Result {
    requests: { total: number; average: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(
    options: Options,
    done: (error: Error | null, result: Result) => void,
  ): void;
}
