import type { CaipNetwork } from '../networks.ts'

/** An image URL an app option gives: http(s), a data image, or a path on the app's own site. */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase()
  if (!scheme) return value
  if (scheme === 'http' || scheme === 'https') return value
  return /^\s*data:image\//i.test(value) ? value : undefined
}

/** AppKit's `chainImages`: a network's icon by its chain id (or its CAIP-2 id). */
export function chainImageOf(
  images: Record<string | number, string> | undefined,
  network: Pick<CaipNetwork, 'id' | 'caipNetworkId'>,
): string | undefined {
  return safeImageUrl(images?.[network.id] ?? images?.[network.caipNetworkId])
}
