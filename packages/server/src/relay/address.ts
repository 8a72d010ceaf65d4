// The key a client address (net/clientAddress.ts: the socket's peer, or behind trusted proxies
// the right-most X-Forwarded-For entry they did not write) is charged to by the relay's budgets,
// so that one host counts once: an IPv4-mapped IPv6 address is its IPv4 address, and an IPv6
// address counts as its /64 (one host's usual share: it could take a fresh address per socket).
import { isIPv4, isIPv6 } from 'node:net'

/** The first 64 bits of a valid IPv6 address, as 'a:b:c:d::/64'. */
function ipv6Prefix(address: string): string {
  const [head = '', tail] = address.split('::')
  const groups = (part: string | undefined) => (part ? part.split(':') : [])
  const left = groups(head)
  const right = groups(tail)
  // An embedded IPv4 address (only ever last) is two groups.
  const width = (list: string[]) => list.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0)
  const zeros = tail === undefined ? 0 : 8 - width(left) - width(right)
  const full = [...left, ...Array<string>(zeros).fill('0'), ...right]
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`
}

/** The budget key of a client address (see the top of this file). */
export function addressKey(address: string): string {
  const plain = address.replace(/%.*$/, '')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain)?.[1]
  if (mapped && isIPv4(mapped)) return mapped
  if (isIPv6(plain)) return ipv6Prefix(plain.toLowerCase())
  return plain.slice(0, 64)
}
