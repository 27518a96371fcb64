import { isIP } from 'node:net'
import { z } from 'zod'

const TRUST_PROXY_HELP =
  'TRUST_PROXY must be false, a number of proxy hops (e.g. 1), or proxy addresses/CIDRs separated by commas'
/** Names proxy-addr (Fastify's trustProxy) knows for whole private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * Decision 015: `true` is refused because it trusts every hop: the left end of X-Forwarded-For, which the client
 * writes, would become the client address and per-address limits could be walked around with a header.
 */
export function parseTrustProxy(value: string, context: z.RefinementCtx): false | number | string[] {
  const text = value.trim()
  if (text === 'false' || text === '0') return false
  if (text === 'true') {
    context.addIssue({
      code: 'custom',
      message:
        "TRUST_PROXY=true is refused: it would believe the client-written part of X-Forwarded-For. Give the number of proxy hops in front of Grid (e.g. 1) or the proxies' addresses/CIDRs",
    })
    return z.NEVER
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops <= 10) return hops
  }
  const entries = text.split(',').map((entry) => entry.trim())
  if (entries.some(isEveryAddress)) {
    context.addIssue({
      code: 'custom',
      message:
        "TRUST_PROXY with a /0 range is refused: it trusts every address as a proxy, like true, so the client-written part of X-Forwarded-For would be believed. Give the proxies' own addresses/CIDRs or the number of hops",
    })
    return z.NEVER
  }
  if (entries.every((entry) => NAMED_RANGES.has(entry) || isAddressOrCidr(entry))) return entries
  context.addIssue({ code: 'custom', message: TRUST_PROXY_HELP })
  return z.NEVER
}

/** A /0 prefix spans the whole address family (proxy-addr would throw on it at start). */
function isEveryAddress(entry: string): boolean {
  const [address = '', prefix] = entry.split('/')
  return isIP(address) !== 0 && prefix !== undefined && /^0+$/.test(prefix)
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
}
