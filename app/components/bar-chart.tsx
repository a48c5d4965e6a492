import { useTranslation } from "~/i18n/use-translation";

/** A grouped bar chart drawn as SVG on the server: readable without JavaScript, each bar labelled with its number. */
export type BarSeries = { label: string; className: string; values: number[] };

const HEIGHT = 240;
const AXIS = 28;
/** Room for one bar with its number above it, and the gap around a category's bars. */
const BAR_ROOM = 36;
const GROUP_GAP = 24;
/** What a 390 px phone leaves the chart (its page's and the area's padding aside). */
const PHONE_COLUMN = 350;
/** No narrower than a phone's column, so that a short chart's labels have room. */
const MIN_WIDTH = 300;

export function BarChart({ title, categories, series }: { title: string; categories: string[]; series: BarSeries[] }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...series.flatMap((item) => item.values));
  // As wide as its bars need: a chart of two bars fits a phone, one of six months in two series scrolls there.
  const width = Math.max(MIN_WIDTH, AXIS + categories.length * (series.length * BAR_ROOM + GROUP_GAP));
  const groupWidth = (width - AXIS) / Math.max(categories.length, 1);
  const barWidth = (groupWidth * 0.8) / series.length;
  const plotHeight = HEIGHT - AXIS - 16;
  return (
    <figure className="space-y-2">
      {/* Drawn at its own size, so that its 12 px labels stay 12 px: on a phone the chart scrolls sideways in its box, a
      shadow at the edge where more of it is (scroll-hint, styles/tailwind.css) and a line under it saying so. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a box that scrolls is reached by keyboard to scroll it */}
      <div tabIndex={0} role="group" aria-label={title} className="scroll-hint overflow-x-auto">
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} role="img" aria-label={title} className="max-w-none">
          <title>{title}</title>
          <line x1={AXIS} y1={HEIGHT - AXIS} x2={width} y2={HEIGHT - AXIS} className="stroke-slate-400" />
          {categories.map((category, index) => {
            const groupX = AXIS + index * groupWidth + groupWidth * 0.1;
            return (
              <g key={category}>
                {series.map((item, seriesIndex) => {
                  const value = item.values[index] ?? 0;
                  const height = (value / max) * plotHeight;
                  const x = groupX + seriesIndex * barWidth;
                  const y = HEIGHT - AXIS - height;
                  return (
                    <g key={item.label}>
                      <rect x={x} y={y} width={barWidth - 2} height={height} className={item.className}>
                        <title>{`${item.label} ${category}: ${value}`}</title>
                      </rect>
                      <text x={x + barWidth / 2 - 1} y={y - 4} textAnchor="middle" fontSize="12" className="fill-slate-800">
                        {value}
                      </text>
                    </g>
                  );
                })}
                <text
                  x={AXIS + index * groupWidth + groupWidth / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  fontSize="12"
                  className="fill-slate-800"
                >
                  {category}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      {width > PHONE_COLUMN ? <p className="text-sm text-slate-700 md:hidden">{t("agency.chartScrolls")}</p> : null}
      <figcaption className="flex flex-wrap gap-4 text-sm">
        {series.map((item) => (
          <span key={item.label} className="flex items-center gap-1">
            <svg width="12" height="12" aria-hidden="true">
              <rect width="12" height="12" className={item.className} />
            </svg>
            {item.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
