import { useTranslation } from "~/i18n/use-translation";
import { isRouteErrorResponse } from "@remix-run/react";
import type { UpstreamFailure } from "#bff/errors";
import { MessagePanel } from "./message-panel";

/** The failure a loader threw as a response (server/loader-failures.ts), if that is what this error is. */
export function upstreamFailureOf(error: unknown): UpstreamFailure | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const data: unknown = error.data;
  return typeof data === "object" && data !== null && "messageKey" in data && typeof data.messageKey === "string" ? (data as UpstreamFailure) : undefined;
}

/** The friendly message for a failed page, in the page's language; never a stack trace. */
export function ErrorPanel({ status, failure }: { status: number; failure?: UpstreamFailure }) {
  const { t } = useTranslation();
  if (status === 404 && !failure) {
    return (
      <MessagePanel title={t("notFound.title")} backLabel={t("notFound.back")}>
        <p className="mt-4">{t("notFound.text")}</p>
      </MessagePanel>
    );
  }
  const message = failure ? t(`errors:${failure.messageKey}`) : status === 403 ? t("errors:forbidden") : status === 503 ? t("errors:network") : t("errors:technical");
  return (
    <MessagePanel title={t("errorPage.title")} backLabel={t("errorPage.back")}>
      <p role="alert" className="mt-4">
        {message}
      </p>
    </MessagePanel>
  );
}
