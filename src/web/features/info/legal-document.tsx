import { CARD } from '../../ui/card'
import type { LegalSection } from './legal-text'

/** A legal text as headed sections of paragraphs and bullet lists. */
export function LegalDocument({ sections }: { sections: LegalSection[] }) {
  return (
    <article className={`${CARD} flex flex-col gap-6 p-5 leading-relaxed sm:p-8`}>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2 className="mb-2 text-lg font-semibold">{section.heading}</h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph} className="mb-2 text-slate-300">
              {paragraph}
            </p>
          ))}
          {section.bullets ? (
            <ul className="list-disc space-y-1 pl-5 text-slate-300">
              {section.bullets.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  )
}
