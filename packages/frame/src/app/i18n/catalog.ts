// The frame's translations, each its own chunk, by the tags the modal speaks (README
// "Languages"): the host sends the tag it matched, so the frame matches nothing itself.
import type { FrameTexts } from '../texts.ts'

type Load = () => Promise<{ default: FrameTexts }>

export const TRANSLATIONS: Record<string, Load> = {
  ar: () => import('./locales/ar.ts'),
  de: () => import('./locales/de.ts'),
  es: () => import('./locales/es.ts'),
  fa: () => import('./locales/fa.ts'),
  fr: () => import('./locales/fr.ts'),
  he: () => import('./locales/he.ts'),
  hi: () => import('./locales/hi.ts'),
  id: () => import('./locales/id.ts'),
  it: () => import('./locales/it.ts'),
  ja: () => import('./locales/ja.ts'),
  ko: () => import('./locales/ko.ts'),
  pl: () => import('./locales/pl.ts'),
  'pt-BR': () => import('./locales/pt-BR.ts'),
  ru: () => import('./locales/ru.ts'),
  th: () => import('./locales/th.ts'),
  tr: () => import('./locales/tr.ts'),
  uk: () => import('./locales/uk.ts'),
  vi: () => import('./locales/vi.ts'),
  'zh-CN': () => import('./locales/zh-CN.ts'),
  'zh-TW': () => import('./locales/zh-TW.ts'),
}

const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa'])

export const textDirection = (locale: string): 'ltr' | 'rtl' =>
  RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr'
