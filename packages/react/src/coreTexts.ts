// Core writes its texts in English (the spec's, which the API, events and tests read); the modal
// answers them in the language shown, at render time (README "Languages").
import { ErrorText } from '@latchkey/core/internal'
import { type CoreMessages, coreEn } from './coreMessages.ts'
import { type BaseMessages, format } from './messages.ts'

type CoreKey = keyof CoreMessages

/** Core texts the message table had before its `core` group: each answered by that key. */
const TOP_LEVEL = new Map<
  string,
  'connectionRejected' | 'failedToConnect' | 'balanceUnavailable' | 'invalidEmail'
>([
  [ErrorText.connectionRejected, 'connectionRejected'],
  [ErrorText.failedToConnect, 'failedToConnect'],
  [ErrorText.tokenBalanceUnavailable, 'balanceUnavailable'],
  [ErrorText.invalidEmail, 'invalidEmail'],
])

interface Template {
  key: CoreKey
  pattern: RegExp
  names: string[]
}

const PLACEHOLDER = /\{(\w+)\}/g

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Each constant text by its English, each template as a pattern capturing its values. */
function compile() {
  const constants = new Map<string, CoreKey>()
  const templates: Template[] = []
  for (const [key, english] of Object.entries(coreEn) as [CoreKey, string][]) {
    const names = [...english.matchAll(PLACEHOLDER)].map((match) => match[1] as string)
    if (names.length === 0) {
      constants.set(english, key)
      continue
    }
    const source = english
      .split(PLACEHOLDER)
      .map((part, i) => (i % 2 === 0 ? escapeRegExp(part) : '([\\s\\S]+?)'))
      .join('')
    templates.push({ key, pattern: new RegExp(`^${source}$`), names })
  }
  return { constants, templates }
}

let compiled: ReturnType<typeof compile> | undefined

/**
 * `text` in the language of `messages` when it is one of core's texts for the visitor (a
 * template's values, such as the seconds to wait, kept); any other text (a wallet's own error,
 * a service's reason) as it is.
 */
export function coreText(text: string, messages: BaseMessages): string {
  const topLevel = TOP_LEVEL.get(text)
  if (topLevel) return messages[topLevel]
  compiled ??= compile()
  const translated: Partial<CoreMessages> = messages.core ?? {}
  const key = compiled.constants.get(text)
  if (key) return translated[key] ?? text
  for (const { key, pattern, names } of compiled.templates) {
    const match = pattern.exec(text)
    if (!match) continue
    const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1] as string]))
    return format(translated[key] ?? coreEn[key], values)
  }
  return text
}
