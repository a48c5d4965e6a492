import { Form as RemixForm, useRouteLoaderData, type FormProps } from "@remix-run/react";
import { forwardRef } from "react";

/** The synchronizer token every post carries: checked at login, and for every form inside an integrated frame (SECURITY.md). */
export function FormTokenField() {
  const token = (useRouteLoaderData("root") as { formToken?: string | null } | undefined)?.formToken;
  return token ? <input type="hidden" name="formToken" value={token} /> : null;
}

/** Remix's Form with the frame's synchronizer token in every post. */
export const Form = forwardRef<HTMLFormElement, FormProps>(function PortalForm({ children, ...props }, ref) {
  return (
    <RemixForm ref={ref} {...props}>
      {props.method && props.method.toLowerCase() !== "get" ? <FormTokenField /> : null}
      {children}
    </RemixForm>
  );
});
