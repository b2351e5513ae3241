declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    /** The client's address as Express sees it (trust proxy 1): for rate limits and session records. */
    clientIp?: string;
  }
}
export {};
