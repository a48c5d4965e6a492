import { Link } from "@remix-run/react";

/** A short list of ways on from a page. */
export function LinkList({ links }: { links: { to: string; label: string }[] }) {
  return (
    <ul className="space-y-1">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="text-brand-ink underline">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
