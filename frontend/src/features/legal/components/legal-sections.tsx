/** LegalSection is one titled part of a legal text (from the locale files). */
export interface LegalSection {
  title: string;
  paragraphs?: string[];
  items?: string[];
}

/** LegalSections renders a legal text as numbered, titled sections of plain text. */
export function LegalSections({ sections, numbered = true }: { sections: LegalSection[]; numbered?: boolean }) {
  return (
    <div className="space-y-8">
      {sections.map((s, i) => (
        <section key={s.title} aria-labelledby={`legal-${i}`}>
          <h2 id={`legal-${i}`} className="text-xl font-bold">
            {numbered ? `${i + 1}. ` : ""}
            {s.title}
          </h2>
          {s.paragraphs?.map((p) => (
            <p key={p} className="mt-2 leading-relaxed text-stone-800">
              {p}
            </p>
          ))}
          {s.items && (
            <ul className="mt-2 list-disc space-y-1 pl-6 text-stone-800">
              {s.items.map((it) => (
                <li key={it}>{it}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
