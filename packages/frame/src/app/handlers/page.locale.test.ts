// @vitest-environment jsdom
// APP_SYNC_THEME's locale through the whole frame (gate, handlers, reply): the reply comes once
// the language's table is in, so the card the page asks for next shows in it.
import { describe, expect, it } from 'vitest'
import { createHarness } from '../testing/harness.ts'

describe('APP_SYNC_THEME with a locale', () => {
  it('answers once the cards speak it; English again for en, or for a tag it does not speak', async () => {
    const h = await createHarness()
    const root = h.doc.documentElement
    const reply = await h.send('APP_SYNC_THEME', { themeMode: 'light', locale: 'he' })
    expect(reply?.message.type).toBe('FRAME_SYNC_THEME_SUCCESS')
    expect([root.lang, root.dir, root.dataset.theme]).toEqual(['he', 'rtl', 'light'])
    // a theme change alone keeps the language
    await h.send('APP_SYNC_THEME', { themeMode: 'dark' })
    expect(root.lang).toBe('he')
    await h.send('APP_SYNC_THEME', { locale: 'nl' })
    expect([root.lang, root.dir]).toEqual(['en', 'ltr'])
    await h.send('APP_SYNC_THEME', { locale: 'he' })
    expect(root.lang).toBe('he')
    await h.send('APP_SYNC_THEME', { locale: 'en' })
    expect([root.lang, root.dir]).toEqual(['en', 'ltr'])
  })
})
