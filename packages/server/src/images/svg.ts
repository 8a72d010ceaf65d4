import { createHash } from 'node:crypto'

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

/** Text safe inside an SVG element or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char)
}

/** A stable, readable background colour for a key: the hue comes from its hash. */
export function colorFor(key: string): string {
  const digest = createHash('sha256').update(key).digest()
  const hue = digest.readUInt16BE(0) % 360
  return `hsl(${hue} 55% 42%)`
}

export interface BadgeSvgOptions {
  /** Drawn in the middle; escaped */
  label: string
  /** Accessible name; escaped */
  title: string
  /** Any key: the same key always gives the same colour */
  colorKey: string
}

/** A 96×96 badge: a coloured disc with a short label. */
export function badgeSvg({ label, title, colorKey }: BadgeSvgOptions): string {
  const fontSize = label.length > 3 ? 26 : label.length > 2 ? 32 : 40
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img">',
    `<title>${escapeXml(title)}</title>`,
    `<rect width="96" height="96" rx="48" fill="${colorFor(colorKey)}"/>`,
    `<text x="48" y="50" fill="#fff" font-family="system-ui,sans-serif" font-size="${fontSize}"`,
    ` font-weight="600" text-anchor="middle" dominant-baseline="middle">${escapeXml(label)}</text>`,
    '</svg>',
  ].join('')
}

/** A strong validator for a body: the same bytes give the same tag. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}
