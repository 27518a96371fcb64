export function startsInFuture(iso: string, now = Date.now()): boolean {
  return new Date(iso).getTime() > now
}

const CENTRAL = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
})

/** docs/spec/product-spec.md §9: college football times are shown in Central US time ('Sat 2:30 PM CT'). */
export function centralStartTime(iso: string): string {
  return `${CENTRAL.format(new Date(iso)).replace(',', '')} CT`
}
