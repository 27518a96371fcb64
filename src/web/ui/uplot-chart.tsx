import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'

export { uPlot }

/** The app's chart colours on its dark panels. */
export const CHART_AXIS = '#94a3b8'
export const CHART_GRID = { stroke: '#1e293b', width: 1 }

/**
 * A uPlot chart that fills its box's width and follows it on resize (uPlot 1.6.32, pinned). Import this
 * module only from lazily loaded code (lazyNamed): the library must stay out of the first page's bundle.
 * The canvas is hidden from assistive technology: every chart sits beside the same figures as text.
 */
export function UPlotChart({
  data,
  options,
  height,
  testId,
}: {
  data: uPlot.AlignedData
  /** The options for a width; a new function (or new data) redraws the chart. */
  options: (width: number, height: number) => uPlot.Options
  height: number
  testId: string
}) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const target = box.current
    if (!target) return
    const plot = new uPlot(options(target.clientWidth, height), data, target)
    const resize = new ResizeObserver(() => plot.setSize({ width: target.clientWidth, height }))
    resize.observe(target)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [data, options, height])
  return <div ref={box} data-testid={testId} aria-hidden="true" className="w-full text-slate-300" />
}
