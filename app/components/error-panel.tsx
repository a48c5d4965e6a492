import { useTranslation } from "~/i18n/use-translation";
import { isRouteErrorResponse, Link, useLocation } from "@remix-run/react";
import type { UpstreamFailure } from "#bff/errors";
import { MessagePanel } from "./message-panel";

/** The failure a loader threw as a response (server/loader-failures.ts), if that is what this error is. */
export function upstreamFailureOf(error: unknown): UpstreamFailure | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const data: unknown = error.data;
  return typeof data === "object" && data !== null && "messageKey" in data && typeof data.messageKey === "string" ? (data as UpstreamFailure) : undefined;
}

/** This page's address again, never another host's: '//host/…' would leave the portal. */
export function sameAddress({ pathname, search }: { pathname: string; search: string }) {
  return `/${pathname.replace(/^[/\\]+/, "")}${search}`;
}

/** The friendly message for a failed page, in the page's language; never a stack trace. */
export function ErrorPanel({ status, failure }: { status: number; failure?: UpstreamFailure }) {
  const { t } = useTranslation();
  const location = useLocation();
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
      {status === 503 ? (
        <p className="mt-4">
          <Link to={sameAddress(location)} reloadDocument className="text-brand underline">
            {t("errorPage.retry")}
          </Link>
        </p>
      ) : null}
      {failure?.requestId ? <p className="mt-4 text-sm">{t("errorPage.reference", { id: failure.requestId })}</p> : null}
    </MessagePanel>
  );
}
