import { createContext, useContext } from "react";

// The CSP nonce of this response; Remix's own inline scripts carry it. On the client it is
// empty, which is fine: scripts have already run by then.
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
