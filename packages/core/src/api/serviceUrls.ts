import { DEFAULT_API_URL, DEFAULT_FRAME_URL } from '../constants.ts'

/**
 * Where the services are, for an app that does not say in code: a page (or its HTML template)
 * can name them with `<meta name="latchkey-api-url" content="…">`, `latchkey-relay-url` and
 * `latchkey-frame-url`, so an AppKit app runs against its own services without a code change.
 * Options win; without either, the local stack's (API, frame) or WalletConnect's relay.
 */
export interface ServiceUrls {
  apiUrl: string
  relayUrl: string | undefined
  frameUrl: string
}

interface MetaDocument {
  querySelector(selector: string): { getAttribute(name: string): string | null } | null
}

function metaUrl(doc: MetaDocument | undefined, name: string): string | undefined {
  const content = doc?.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim()
  if (!content) return undefined
  try {
    const url = new URL(content)
    return ['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) ? content : undefined
  } catch {
    return undefined
  }
}

export function resolveServiceUrls(
  options: { apiUrl?: string; relayUrl?: string; frameUrl?: string },
  doc: MetaDocument | undefined = typeof document === 'undefined' ? undefined : document,
): ServiceUrls {
  return {
    apiUrl: options.apiUrl ?? metaUrl(doc, 'latchkey-api-url') ?? DEFAULT_API_URL,
    relayUrl: options.relayUrl ?? metaUrl(doc, 'latchkey-relay-url'),
    frameUrl: options.frameUrl ?? metaUrl(doc, 'latchkey-frame-url') ?? DEFAULT_FRAME_URL,
  }
}
