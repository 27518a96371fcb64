import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { dollars } from './admin-data'
import { type Forecast, forecastPoints } from './forecast-figures'

const HEIGHT = 260

/**
 * The revenue forecast as bars over the months ahead (uPlot, loaded with this module only). The figures
 * beside it (ForecastFigures) say the same in text; the canvas is decorative to assistive technology.
 */
export function ForecastChart({ forecast }: { forecast: Forecast }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const target = box.current
    if (!target) return
    const points = forecastPoints(forecast)
    const data: uPlot.AlignedData = [points.map((p) => p.month), points.map((p) => Number(p.amount))]
    const plot = new uPlot(chartOptions(target.clientWidth), data, target)
    const resize = new ResizeObserver(() => plot.setSize({ width: target.clientWidth, height: HEIGHT }))
    resize.observe(target)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [forecast])
  return <div ref={box} data-testid="forecast-chart" aria-hidden="true" className="w-full text-slate-300" />
}

function chartOptions(width: number): uPlot.Options {
  const grid = { stroke: '#1e293b', width: 1 }
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [0, 13] },
      y: { range: (_u, _min, max) => [0, Math.max(max * 1.1, 1)] },
    },
    axes: [
      {
        stroke: '#94a3b8',
        grid,
        splits: () => [1, 2, 3, 6, 12],
        values: (_u, splits) => splits.map((month) => `${month} mo`),
      },
      {
        stroke: '#94a3b8',
        grid,
        size: 70,
        values: (_u, splits) => splits.map((amount) => dollars(amount.toFixed(2))),
      },
    ],
    series: [
      {},
      {
        label: 'Monthly revenue',
        stroke: '#34d399',
        fill: 'rgba(52, 211, 153, 0.35)',
        paths: uPlot.paths.bars?.({ size: [0.5, 40] }),
        points: { show: false },
      },
    ],
  }
}
