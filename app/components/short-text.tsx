import { truncate } from "~/format";

/**
 * A text over 40 characters, shortened: 19 characters then dots, 10 on a phone. Screen readers and
 * a pointer's hover get the whole text.
 */
export function ShortText({ text }: { text: string }) {
  const narrow = truncate(text, 10);
  if (narrow === text) return <>{text}</>;
  return (
    <span title={text}>
      <span aria-hidden="true" className="md:hidden">
        {narrow}
      </span>
      <span aria-hidden="true" className="hidden md:inline">
        {truncate(text)}
      </span>
      <span className="sr-only">{text}</span>
    </span>
  );
}
