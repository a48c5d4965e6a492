/** A row of key figures, each a card with its number large and its name below. */
export function KeyFigures({ figures, columns }: { figures: { label: string; value: number | string }[]; columns: string }) {
  return (
    <dl className={`grid gap-2 md:gap-4 ${columns}`}>
      {figures.map((figure) => (
        <div key={figure.label} className="card flex flex-col-reverse p-2 text-center md:p-4">
          <dt className="text-sm text-slate-700">{figure.label}</dt>
          <dd className="text-3xl font-bold text-brand-ink">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
