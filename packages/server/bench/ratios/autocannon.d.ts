/** The part of autocannon (no bundled types) the ratio benchmark's load process uses. */
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: Request, context: object) => Request;
      onResponse?: (status: number, body: string, context: object) => void;
    }
    interface Client {
      setHeaders(headers: Record<string, string>): void;
    }
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
    }
    interface Result {
      duration: number;
      latency: Histogram;
      requests: Histogram;
      '2xx': number;
      non2xx: number;
      errors: number;
      timeouts: number;
      statusCodeStats?: Record<string, { count: number }>;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      requests?: Request[];
      setupClient?: (client: Client) => void;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
