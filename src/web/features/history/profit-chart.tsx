import { useCallback, useMemo } from 'react'
import { centsToDollars } from '../../../domain/money'
import { formatSignedMoney } from '../../ui/format'
import { CHART_AXIS, CHART_GRID, UPlotChart, uPlot } from '../../ui/uplot-chart'
import type { ChartPoint } from './stats-data'

const HEIGHT = 240
const SECONDS_PER_DAY = 86_400

/**
 * The cumulative profit over the range as a line (uPlot, loaded with this module only, never with the
 * first page). Days are calendar days already placed in the user's zone by the server, drawn at UTC
 * midnight and labelled in UTC, so the browser's own zone never shifts them. The figures are beside it as
 * text (ProfitSummary and its table); the canvas is hidden from assistive technology.
 */
export function ProfitChart({ points }: { points: readonly ChartPoint[] }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [
      points.map((point) => Date.parse(`${point.day}T00:00:00Z`) / 1000),
      points.map((point) => centsToDollars(point.cumulative)),
    ],
    [points],
  )
  const last = points.at(-1)?.cumulative ?? 0
  const options = useCallback(
    (width: number, height: number) => chartOptions(width, height, last >= 0),
    [last],
  )
  return <UPlotChart data={data} options={options} height={HEIGHT} testId="profit-chart" />
}

function chartOptions(width: number, height: number, profitable: boolean): uPlot.Options {
  const colour = profitable ? '#34d399' : '#f87171'
  return {
    width,
    height,
    legend: { show: false },
    cursor: { show: false },
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: {
      // A single day still gets a day either side.
      x: {
        range: (_u, min, max) => (min === max ? [min - SECONDS_PER_DAY, max + SECONDS_PER_DAY] : [min, max]),
      },
      // Zero always in view: the line reads against break-even.
      y: { range: (_u, min, max) => padded(Math.min(min, 0), Math.max(max, 0)) },
    },
    axes: [
      { stroke: CHART_AXIS, grid: CHART_GRID },
      {
        stroke: CHART_AXIS,
        grid: CHART_GRID,
        size: 80,
        values: (_u, splits) => splits.map((dollars) => formatSignedMoney(Math.round(dollars * 100), 0)),
      },
    ],
    series: [
      {},
      {
        label: 'Cumulative profit',
        stroke: colour,
        width: 2,
        fill: profitable ? 'rgba(52, 211, 153, 0.12)' : 'rgba(248, 113, 113, 0.12)',
        points: { show: (_u, _series, first, last) => last - first < 60, size: 5, fill: colour },
      },
    ],
  }
}

function padded(min: number, max: number): uPlot.Range.MinMax {
  const pad = Math.max((max - min) * 0.1, 1)
  return [min - (min < 0 ? pad : 0), max + pad]
}
