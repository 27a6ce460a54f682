/**
 * What a route's server `loader` receives as its context from the Fastify server
 * (apps/server platform/http/web-app.ts): the API in-process, with the visitor's cookies.
 */
declare module 'react-router' {
  interface AppLoadContext {
    /** GET an API path (e.g. `/api/listings/…`) as the visitor; the answer as a Fetch Response. */
    api: (path: string) => Promise<Response>;
  }
}

export {};
