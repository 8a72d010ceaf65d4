import { describe, expect, it } from 'vitest'
import { latestKitVersionFromEnv } from './kitVersion.ts'

describe('the latest kit version the server answers', () => {
  it('is the configured one, else the version of this build', () => {
    expect(latestKitVersionFromEnv({ LATCHKEY_LATEST_KIT_VERSION: ' 1.4.0 ' })).toBe('1.4.0')
    expect(latestKitVersionFromEnv({})).toMatch(/^\d+\.\d+\.\d+$/)
  })

  it('refuses a configured value that is no version, naming the variable', () => {
    expect(() => latestKitVersionFromEnv({ LATCHKEY_LATEST_KIT_VERSION: 'latest' })).toThrow(
      /LATCHKEY_LATEST_KIT_VERSION must be a version like 1\.2\.3, got 'latest'/,
    )
  })
})
