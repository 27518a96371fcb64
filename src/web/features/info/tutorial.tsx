import { useEffect, useRef, useState } from 'react'
import { navigate } from '../../router'
import { Button } from '../../ui/button'
import { CARD } from '../../ui/card'
import { FOCUS } from '../../ui/focus'
import { TUTORIAL_STEPS } from './tutorial-steps'

/** The five-step tutorial: a step indicator, Back and Next, and Finish on the last step to '/'. */
export function TutorialWizard() {
  const [index, setIndex] = useState(0)
  const step = TUTORIAL_STEPS[index]
  const last = index === TUTORIAL_STEPS.length - 1
  const heading = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)
  // After Back, Next or a dot, focus moves to the new step's title so a screen reader reads it; not on
  // the first render, where focus belongs to the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: index is the trigger: each new step takes focus.
  useEffect(() => {
    if (moved.current) heading.current?.focus()
  }, [index])
  const go = (next: number) => {
    moved.current = true
    setIndex(next)
  }
  if (!step) return null

  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Tutorial progress" className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-400">
          Step {index + 1} of {TUTORIAL_STEPS.length}
        </p>
        <ol className="flex gap-1">
          {TUTORIAL_STEPS.map((item, i) => (
            <li key={item.title}>
              <button
                type="button"
                onClick={() => go(i)}
                aria-label={`Step ${i + 1}: ${item.title}`}
                aria-current={i === index ? 'step' : undefined}
                className={`flex h-6 w-6 items-center justify-center rounded-full ${FOCUS}`}
              >
                <span
                  aria-hidden="true"
                  className={`block rounded-full ${i === index ? 'h-3 w-3 bg-emerald-400' : i < index ? 'h-2.5 w-2.5 bg-emerald-700' : 'h-2.5 w-2.5 bg-slate-600'}`}
                />
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <section aria-labelledby="tutorial-step-title" className={`${CARD} p-5 sm:p-8`}>
        <h2 id="tutorial-step-title" ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          {step.title}
        </h2>
        <p className="mt-2 text-slate-300">{step.lead}</p>
        <ul className="mt-4 flex flex-col gap-2">
          {step.points.map((point) => (
            <li key={point} className="flex gap-2 text-slate-200">
              <span aria-hidden="true" className="text-emerald-400">
                ✓
              </span>
              {point}
            </li>
          ))}
        </ul>
      </section>
      <div className="flex justify-between gap-3">
        <Button variant="secondary" onClick={() => go(index - 1)} disabled={index === 0}>
          Back
        </Button>
        {last ? (
          <Button onClick={() => navigate('/')}>Finish</Button>
        ) : (
          <Button onClick={() => go(index + 1)}>Next</Button>
        )}
      </div>
    </div>
  )
}
