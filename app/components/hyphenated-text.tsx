const SOFT_HYPHEN = /\u00AD/g;

/** Text without its soft hyphens: what a screen reader's name of a control should hold. */
export function withoutSoftHyphens(text: string) {
  return text.replace(SOFT_HYPHEN, "");
}

/**
 * A name with soft hyphens for the eye (a long German word breaks on a phone), and without them for the
 * accessible name of what it labels: browsers keep them in the name, and a control's name is read and
 * spoken to voice control as it stands.
 */
export function HyphenatedText({ text }: { text: string }) {
  const plain = withoutSoftHyphens(text);
  if (plain === text) return <>{text}</>;
  return (
    <>
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{plain}</span>
    </>
  );
}
