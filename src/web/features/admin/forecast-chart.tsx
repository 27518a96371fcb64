import { useMemo } from 'react'
import { formatMoney } from '../../ui/format'
import { CHART_AXIS, CHART_GRID, UPlotChart, uPlot } from '../../ui/uplot-chart'
import { type Forecast, forecastPoints } from './forecast-figures'

const HEIGHT = 260

/**
 * The revenue forecast as bars over the months ahead (uPlot, loaded with this module only). The figures
 * beside it (ForecastFigures) say the same in text; the canvas is decorative to assistive technology.
 */
export function ForecastChart({ forecast }: { forecast: Forecast }) {
  const data = useMemo<uPlot.AlignedData>(() => {
    const points = forecastPoints(forecast)
    return [points.map((p) => p.month), points.map((p) => Number(p.amount))]
  }, [forecast])
  return <UPlotChart data={data} options={chartOptions} height={HEIGHT} testId="forecast-chart" />
}

function chartOptions(width: number, height: number): uPlot.Options {
  return {
    width,
    height,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [0, 13] },
      y: { range: (_u, _min, max) => [0, Math.max(max * 1.1, 1)] },
    },
    axes: [
      {
        stroke: CHART_AXIS,
        grid: CHART_GRID,
        splits: () => [1, 2, 3, 6, 12],
        values: (_u, splits) => splits.map((month) => `${month} mo`),
      },
      {
        stroke: CHART_AXIS,
        grid: CHART_GRID,
        size: 70,
        values: (_u, splits) => splits.map((amount) => formatMoney(amount.toFixed(2))),
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
