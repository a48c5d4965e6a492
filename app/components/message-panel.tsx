import { Link } from "@remix-run/react";

/** A page that only tells the visitor something, with the way back home. */
export function MessagePanel({ title, backLabel, children }: { title: string; backLabel: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="message-title" className="mx-auto max-w-xl py-12">
      <h1 id="message-title" className="text-2xl font-semibold">
        {title}
      </h1>
      {children}
      <p className="mt-6">
        <Link to="/" className="text-brand-ink underline">
          {backLabel}
        </Link>
      </p>
    </section>
  );
}
