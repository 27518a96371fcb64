/**
 * The server's notion of now. APP_NOW (an ISO instant) moves the clock to a recorded day for replays and
 * demos; it then runs on from there in real time, so live games keep moving.
 */
export type Clock = () => Date

export function createClock(appNow: string | null, realNow: () => number = Date.now): Clock {
  if (!appNow) return () => new Date(realNow())
  const offset = Date.parse(appNow) - realNow()
  return () => new Date(realNow() + offset)
}
