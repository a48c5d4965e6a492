import { Link } from "@remix-run/react";

type MessagePanelProps = { title: string; backLabel: string; look?: "plain" | "success"; children: React.ReactNode };

/** A page that only tells the visitor something, with the way back home; `success` marks a journey's end with a tick. */
export function MessagePanel({ title, backLabel, look = "plain", children }: MessagePanelProps) {
  return (
    <section aria-labelledby="message-title" className="max-w-xl py-12">
      <h1 id="message-title" className="flex items-center gap-3 text-2xl font-semibold">
        {look === "success" ? (
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-green-700 text-xl text-white"
          >
            ✓
          </span>
        ) : null}
        {title}
      </h1>
      {children}
      <p className="mt-6">
        <Link to="/" className="link-alone text-brand-ink underline">
          {backLabel}
        </Link>
      </p>
    </section>
  );
}
