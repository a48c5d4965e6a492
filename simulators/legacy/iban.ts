// The backend's own IBAN check (ibantools), apart from the portal's: a backend checks what it is sent.
import { electronicFormatIBAN, isValidIBAN } from "ibantools";

/** Whether the backend takes the account: a valid IBAN, and a German one where the tenant asks for that. */
export function ibanAccepted(value: string | undefined, { germanOnly }: { germanOnly: boolean }) {
  const iban = electronicFormatIBAN(value) ?? "";
  return isValidIBAN(iban) && (!germanOnly || iban.startsWith("DE"));
}
