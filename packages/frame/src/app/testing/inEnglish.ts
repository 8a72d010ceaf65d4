// A request's details as the approval card shows them in English: what a test compares.
import { detailText } from '../approval.ts'
import { createLanguage } from '../i18n/language.ts'
import type { Detail } from '../signingRequest.ts'
import type { Phrase } from '../texts.ts'

const english = createLanguage()

export interface ShownDetail {
  label: string
  value: string
  mono?: boolean
  block?: boolean
}

export function inEnglish(details: readonly Detail[]): ShownDetail[] {
  return details.map((detail) => ({
    ...detail,
    label: english.say(detail.label),
    value: detailText(english, detail.value),
  }))
}

/** A title, action or label as the card says it in English */
export const sayInEnglish = (phrase: Phrase) => english.say(phrase)
