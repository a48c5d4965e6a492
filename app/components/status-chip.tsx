import { useTranslation } from "~/i18n/use-translation";

/** Each status a colour as well as its word: whole class names, for Tailwind to find. */
const CHIPS: Record<string, string> = {
  Offen: "chip bg-amber-100 text-amber-900",
  Ok: "chip bg-sky-100 text-sky-900",
  Gezahlt: "chip bg-green-100 text-green-900",
  Abgelaufen: "chip bg-slate-200 text-slate-800",
  Storniert: "chip bg-red-100 text-red-900",
};

export const RECOMMENDATION_STATUSES = Object.keys(CHIPS);

/** A recommendation's status as a chip: its colour and its word. */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={CHIPS[status] ?? "chip bg-slate-200 text-slate-800"}>{t(`account.statuses.${status}`)}</span>;
}
