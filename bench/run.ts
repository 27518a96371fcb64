import { gridBench } from './grid.bench'

/** `npm run bench`: every figure from one run, printed as `name: value` lines. */
const sections: [string, () => Record<string, number> | Promise<Record<string, number>>][] = [
  ['domain grid', gridBench],
]

for (const [name, bench] of sections) {
  console.log(`# ${name}`)
  for (const [key, value] of Object.entries(await bench())) console.log(`${key}: ${value}`)
}
