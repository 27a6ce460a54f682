import type { IncomingMessage, ServerResponse } from 'node:http';

type TMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The headers a middleware sets on an answer, as [name, value] pairs, for a middleware whose
 * headers depend on nothing of the request (helmet's: each of its parts sets a fixed value chosen
 * by its options). It is run once on a stand-in answer that records what is set; the hook then
 * sets the same pairs on every answer. Throws when the middleware does anything but set or remove
 * headers synchronously, so a middleware that would read the request cannot pass for one that does not.
 */
export function staticHeadersOf(middleware: TMiddleware): [string, string | string[]][] {
  const headers = new Map<string, [string, string | string[]]>();
  const refuse = (what: string) => {
    throw new Error(`staticHeadersOf: the middleware ${what}; its headers may depend on the request.`);
  };
  const request = new Proxy({} as IncomingMessage, { get: (_t, key) => refuse(`read the request's ${String(key)}`) });
  const answer = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? [...(value as string[])] : String(value)]);
      return answer;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let finished = false;
  middleware(request, answer as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) refuse('did not finish at once');
  return [...headers.values()];
}
