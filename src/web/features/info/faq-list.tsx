import { useId, useState } from 'react'
import { FOCUS } from '../../ui/focus'
import type { HelpSection } from './help-topics'

/**
 * docs/spec/product-spec.md §2, Help: the five sections as single-open FAQ items. Opening a section closes whichever
 * was open, so the page stays short on a phone. Each header is a button with aria-expanded controlling
 * its panel (the WAI-ARIA accordion pattern); all start closed.
 */
export function FaqList({ sections }: { sections: HelpSection[] }) {
  const [open, setOpen] = useState<string | null>(null)
  const base = useId()
  return (
    <ul className="divide-y divide-slate-800 rounded-xl border border-slate-800 bg-slate-900">
      {sections.map((section) => {
        const expanded = open === section.id
        const panel = `${base}-${section.id}-panel`
        return (
          <li key={section.id}>
            <h2>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={panel}
                onClick={() => setOpen(expanded ? null : section.id)}
                className={`flex w-full items-center justify-between gap-3 rounded-xl px-4 py-4 text-left text-lg font-semibold hover:bg-slate-800/60 ${FOCUS}`}
              >
                {section.title}
                <span aria-hidden="true" className="text-xl text-slate-400">
                  {expanded ? '−' : '+'}
                </span>
              </button>
            </h2>
            <div id={panel} hidden={!expanded} className="px-4 pb-5">
              <dl className="flex flex-col gap-4">
                {section.topics.map((topic) => (
                  <div key={topic.question}>
                    <dt className="font-medium text-white">{topic.question}</dt>
                    {topic.answer.map((paragraph) => (
                      <dd key={paragraph} className="mt-1 text-sm text-slate-300">
                        {paragraph}
                      </dd>
                    ))}
                  </div>
                ))}
              </dl>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
