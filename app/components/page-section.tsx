/**
 * A page's main region: its h1 names it for screen readers; forms and text go inside. `tight` where the first
 * field must reach a small phone's first screen under the cookie banner (the recipient's data page).
 */
export function PageSection({
  id,
  title,
  width,
  tight = false,
  children,
}: {
  id: string;
  title: string;
  width: "md" | "xl" | "3xl" | "full";
  tight?: boolean;
  children: React.ReactNode;
}) {
  // From 1024 px on a narrow page stands in the middle of the screen, not in a left column beside a blank one.
  const widths = { md: "max-w-md lg:mx-auto", xl: "max-w-xl lg:mx-auto", "3xl": "max-w-3xl lg:mx-auto", full: "max-w-none" };
  return (
    <section aria-labelledby={`${id}-title`} className={`${widths[width]} ${tight ? "space-y-3" : "space-y-4"}`}>
      <h1 id={`${id}-title`} className="text-2xl font-semibold">
        {title}
      </h1>
      {children}
    </section>
  );
}
