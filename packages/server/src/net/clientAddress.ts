// Who is asking: the socket's peer, or behind proxies the right-most X-Forwarded-For address no
// trusted proxy wrote. The left entries are whatever the client sent, so they are never taken
// on trust (a client that sets the header itself must not pick its own rate-limit bucket).
import { BlockList, isIP } from 'node:net'

/**
 * The proxies in front of the server: a number of hops (each appends the address it received
 * from), or their addresses and CIDR ranges. None by default: the socket's peer is the client.
 */
export type TrustedProxies = number | readonly string[]

/** Parses TRUSTED_PROXIES: a hop count ("1") or addresses and CIDRs ("10.0.0.0/8,127.0.0.1"). */
export function trustedProxiesFromEnv(raw = process.env.TRUSTED_PROXIES): TrustedProxies {
  const text = raw?.trim() ?? ''
  if (text === '') return 0
  if (/^\d+$/.test(text)) return Number(text)
  return text.split(',').map((entry) => entry.trim())
}

function unmapped(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address
}

function blockListOf(entries: readonly string[]): BlockList {
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/')
    const family = isIP(address)
    if (family === 0) throw new Error(`TRUSTED_PROXIES: '${entry}' is not an address or a CIDR`)
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(bits), type)
  }
  return list
}

/** A function from (X-Forwarded-For, socket peer) to the client's address. */
export function clientAddressResolver(trusted: TrustedProxies = 0) {
  const list = typeof trusted === 'number' ? undefined : blockListOf(trusted)
  const isTrusted = (address: string) => {
    const family = isIP(address)
    return family !== 0 && (list?.check(address, family === 4 ? 'ipv4' : 'ipv6') ?? false)
  }
  return (forwardedFor: string | undefined, peer: string): string => {
    const socket = unmapped(peer)
    if (trusted === 0 || (Array.isArray(trusted) && trusted.length === 0)) return socket
    const hops = (forwardedFor ?? '')
      .split(',')
      .map((entry) => unmapped(entry.trim()))
      .filter((entry) => entry !== '')
    const chain = [...hops, socket]
    if (typeof trusted === 'number') {
      // The last `trusted` entries are the proxies; the one before them is the client.
      return chain[Math.max(0, chain.length - 1 - trusted)] ?? socket
    }
    for (let i = chain.length - 1; i > 0; i--) {
      const address = chain[i] as string
      if (!isTrusted(address)) return address
    }
    return chain[0] ?? socket
  }
}
