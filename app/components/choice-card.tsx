/**
 * A radio as a card: the whole card is its label (a large target), with what choosing it means under
 * its title and a short hint to help choose. A required choice says so on its group (role radiogroup,
 * aria-required), never natively: a natively required radio is exposed as invalid before any choice. Its states (unchecked, checked, focused, in error) are
 * styled in styles/tailwind.css (`.choice-card`).
 */
export function ChoiceCard({
  name,
  value,
  defaultChecked,
  title,
  detail,
  hint,
  picture,
}: {
  name: string;
  value: string;
  defaultChecked: boolean;
  title: React.ReactNode;
  detail?: React.ReactNode;
  hint?: string | null;
  picture?: React.ReactNode;
}) {
  const id = `${name}-${value}`;
  return (
    <label htmlFor={id} className="choice-card">
      <input type="radio" id={id} name={name} value={value} defaultChecked={defaultChecked} className="mt-0.5" />
      {picture}
      <span className="min-w-0 space-y-1">
        <span className="block font-semibold">{title}</span>
        {hint ? <span className="chip bg-green-100 text-green-900">{hint}</span> : null}
        {detail ? <span className="block text-sm text-slate-700">{detail}</span> : null}
      </span>
    </label>
  );
}
