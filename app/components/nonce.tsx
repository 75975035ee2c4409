import { createContext, useContext } from "react";

// The Content-Security-Policy nonce of this response, for the scripts Remix renders.
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
