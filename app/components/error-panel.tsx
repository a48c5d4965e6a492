import { isRouteErrorResponse, Link, useLocation } from "@remix-run/react";
import type { UpstreamFailure } from "#bff/legacy/errors";
import type { RoleRefusal } from "~/access/agency.server";
import { useTranslation } from "~/i18n/use-translation";
import { MessagePanel } from "./message-panel";

/** The failure a loader threw as a response (server/route-failures.ts), if that is what this error is. */
export function upstreamFailureOf(error: unknown): UpstreamFailure | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const data: unknown = error.data;
  return typeof data === "object" && data !== null && "messageKey" in data && typeof data.messageKey === "string"
    ? (data as UpstreamFailure)
    : undefined;
}

/** Whether a 403 is the user's role (app/access/agency.server.ts), not a refused post. */
export function refusedForRole(error: unknown) {
  return isRouteErrorResponse(error) && error.status === 403 && (error.data as Partial<RoleRefusal> | null)?.refused === "role";
}

/** This page's address again, never another host's: '//host/…' would leave the portal. */
export function sameAddress({ pathname, search }: { pathname: string; search: string }) {
  return `/${pathname.replace(/^[/\\]+/, "")}${search}`;
}

/**
 * What a failed page says: 'not found' only for pages the portal does not have; a loader's upstream
 * failure says its own message whatever the status (a backend's 404 included).
 */
export function errorMessageOf(status: number, failure?: UpstreamFailure, byRole = false) {
  if (failure) return `errors:${failure.messageKey}` as const;
  if (status === 404) return "notFound";
  if (byRole) return "errors:forbiddenForRole";
  return status === 403 ? "errors:forbidden" : status === 503 ? "errors:network" : "errors:technical";
}

/** The title of a failed page: 'not found' only for a page the portal does not have. */
export function errorTitleOf(status: number, failure?: UpstreamFailure) {
  if (failure?.messageKey === "tenantUnavailable") return "errorPage.unavailableTitle";
  return status === 404 && !failure ? "notFound.metaTitle" : "errorPage.title";
}

/** The friendly message for a failed page, in the page's language; never a stack trace. */
export function ErrorPanel({ status, failure, byRole }: { status: number; failure?: UpstreamFailure; byRole?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const message = errorMessageOf(status, failure, byRole);
  if (message === "notFound") {
    return (
      <MessagePanel title={t("notFound.title")} backLabel={t("notFound.back")}>
        <p className="mt-6">{t("notFound.text")}</p>
      </MessagePanel>
    );
  }
  return (
    <MessagePanel title={t(errorTitleOf(status, failure))} backLabel={t("errorPage.back")}>
      <p role="alert" className="mt-6">
        {t(message)}
      </p>
      {status === 503 ? (
        <p className="mt-6">
          <Link to={sameAddress(location)} reloadDocument className="link-alone text-brand-ink underline">
            {t("errorPage.retry")}
          </Link>
        </p>
      ) : null}
      {failure?.requestId ? <p className="mt-4 text-sm">{t("errorPage.reference", { id: failure.requestId })}</p> : null}
    </MessagePanel>
  );
}
