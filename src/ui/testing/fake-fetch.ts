import { vi } from 'vitest';

/** A recorded request of the fake gateway. */
interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The request body as text, when it had one. */
  body?: string;
}

/** What the fake gateway answers for a request. */
type Handler = (request: SeenRequest) => Response | Promise<Response>;

/** A JSON envelope response. */
export function envelope(
  data: unknown,
  init: { status?: number; code?: number; msg?: string } = {},
) {
  const code = init.code ?? init.status ?? 200;
  return new Response(JSON.stringify({ code, msg: init.msg ?? 'success', data }), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json' },
  });
}

/** Replaces global fetch with a fake gateway; returns the log of requests it saw. */
export function installFakeFetch(handler: Handler): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.body ? await request.clone().text() : undefined;
    const entry = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body,
    };
    seen.push(entry);
    // Yield so concurrent requests really overlap, as over a network.
    await new Promise((resolve) => setTimeout(resolve, 1));
    return handler(entry);
  });
  return seen;
}
