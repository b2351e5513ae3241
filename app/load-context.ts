declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    /** The client's address as Express sees it (trusting TRUST_PROXY proxies): for rate limits and session records. */
    clientIp?: string;
  }
}
export {};
