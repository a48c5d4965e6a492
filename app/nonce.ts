import { createContext, useContext } from "react";

/** The CSP nonce of this response, for every script the page renders. */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
