import { DEFAULT_SOCIALS } from '@latchkey/core/shared'
import { adminErrors } from '../errors.ts'
import type { RemoteFeatures } from '../routes/config.ts'

type FeatureChange = { [K in keyof RemoteFeatures]?: RemoteFeatures[K] | null }

const SWITCHES = ['swaps', 'onramp', 'email', 'activity', 'emailCapture'] as const
const SOCIALS: readonly string[] = DEFAULT_SOCIALS

/** `swaps=false socials=google,x emailCapture=default` → the change setFeatures takes */
export function parseFeatureSettings(words: readonly string[]): FeatureChange {
  const change: Record<string, unknown> = {}
  for (const word of words) {
    const [name = '', value = ''] = word.split('=', 2)
    if (value === 'default') {
      if (name !== 'socials' && !(SWITCHES as readonly string[]).includes(name)) {
        throw adminErrors.invalidFeatures(`unknown feature '${name}'`)
      }
      change[name] = null
    } else if ((SWITCHES as readonly string[]).includes(name)) {
      if (value !== 'true' && value !== 'false') {
        throw adminErrors.invalidFeatures(`${name} is true, false or default`)
      }
      change[name] = value === 'true'
    } else if (name === 'socials') {
      if (value === 'false') change.socials = false
      else {
        const list = value.split(',').filter(Boolean)
        const unknown = list.find((social) => !SOCIALS.includes(social))
        if (list.length === 0 || unknown !== undefined) {
          throw adminErrors.invalidFeatures(
            `socials is false, default or a list of ${SOCIALS.join(', ')}`,
          )
        }
        change.socials = [...new Set(list)]
      }
    } else {
      throw adminErrors.invalidFeatures(`unknown feature '${name}'`)
    }
  }
  return change as FeatureChange
}
