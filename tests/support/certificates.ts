// A throw-away self-signed certificate, as a test's stand-in for an operator's or a company CA's.
import { execFileSync } from "node:child_process";

/** Writes a key and a self-signed certificate for `commonName`, valid a day, to the paths given. */
export function throwAwayCertificate(commonName: string, { keyFile, certFile }: { keyFile: string; certFile: string }) {
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", `/CN=${commonName}`, "-keyout", keyFile, "-out", certFile],
    { stdio: "ignore" },
  );
}
