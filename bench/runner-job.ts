import fs from 'node:fs';
import type http from 'node:http';

/** One request of a load, as a bench writes it into the job file of a runner process. */
export interface BenchRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What a bench hands a runner process: where, for how long, headers for every request, and the steps. */
export interface RunnerJob<Step> {
  url: string;
  seconds: number;
  headers?: Record<string, string>;
  steps: Step[];
}

/** The job file a runner process was started with (its first argument). */
export function readJob<T>(): T {
  return JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as T;
}

/** `http.request` options for one request: the job's headers, the request's own, and its body's length. */
export function requestOptions(
  target: URL,
  agent: http.Agent,
  request: BenchRequest,
  jobHeaders: Record<string, string> | undefined,
): http.RequestOptions {
  return {
    agent,
    host: target.hostname,
    port: target.port,
    method: request.method,
    path: request.path,
    headers: {
      ...jobHeaders,
      ...request.headers,
      ...(request.body === undefined ? {} : { 'content-length': Buffer.byteLength(request.body) }),
    },
  };
}
