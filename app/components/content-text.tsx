/** CMS text as paragraphs: a blank line starts a new one, a line break stays a line break. Never HTML. */
export function ContentText({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </>
  );
}
