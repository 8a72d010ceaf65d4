// The modal's CSS is the base (modal/styles.ts) plus one slice per flow (views/<flow>/styles.ts),
// which only that flow's views load. A class a file uses must be defined where that file's view
// finds it, or it renders unstyled.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { modalCss } from '../modal/styles.ts'
import { accountCss } from './account/styles.ts'
import { connectCss } from './connect/styles.ts'
import { embeddedCss } from './embedded/styles.ts'
import { namesCss } from './names/styles.ts'
import { onrampCss } from './onramp/styles.ts'
import { sendCss } from './send/styles.ts'
import { swapCss } from './swap/styles.ts'

const src = join(dirname(fileURLToPath(import.meta.url)), '..')
const slices: Record<string, { name: string; css: string }> = {
  account: { name: 'accountCss', css: accountCss },
  connect: { name: 'connectCss', css: connectCss },
  embedded: { name: 'embeddedCss', css: embeddedCss },
  names: { name: 'namesCss', css: namesCss },
  onramp: { name: 'onrampCss', css: onrampCss },
  send: { name: 'sendCss', css: sendCss },
  swap: { name: 'swapCss', css: swapCss },
}

const definedIn = (css: string) => new Set(css.match(/(?<=\.)lk-[a-z0-9-]+/g))
const sources = (readdirSync(src, { recursive: true }) as string[])
  .filter((file) => /\.tsx$/.test(file) && !/\.test\.tsx$/.test(file))
  .map((file) => ({ file, text: readFileSync(join(src, file), 'utf8') }))
/** Class names in className attributes (ids such as aria-labelledby targets are not classes) */
const classesOf = (text: string) =>
  new Set(
    [...text.matchAll(/className=(?:"([^"]*)"|\{([^}]*)\})/g)].flatMap(
      (match) => (match[1] ?? match[2] ?? '').match(/lk-[a-z0-9-]+/g) ?? [],
    ),
  )
const flowOf = (file: string) => /^views\/([a-z]+)\//.exec(file.split('\\').join('/'))?.[1]

describe("the modal's styles", () => {
  it('every class a file uses is in the base, or in the slice of the flow it belongs to', () => {
    const base = definedIn(modalCss)
    const missing = sources.flatMap(({ file, text }) => {
      const flow = flowOf(file)
      const slice = flow && slices[flow] ? definedIn(slices[flow].css) : new Set<string>()
      return [...classesOf(text)]
        .filter((name) => !base.has(name) && !slice.has(name) && !name.startsWith('lk-btn'))
        .map((name) => `${file}: ${name}`)
    })
    expect(missing).toEqual([])
  })

  it('a slice holds only what its own flow uses', () => {
    for (const [flow, { css }] of Object.entries(slices)) {
      const used = new Set(
        sources
          .filter(({ file }) => flowOf(file) === flow)
          .flatMap(({ text }) => [...classesOf(text)]),
      )
      for (const name of definedIn(css)) {
        expect(used.has(name), `${flow} slice: ${name}`).toBe(true)
      }
    }
  })

  it('mirror right to left: logical properties only, nothing set by left or right', () => {
    const sheets = [
      ['modal', modalCss],
      ...Object.entries(slices).map(([flow, s]) => [flow, s.css]),
    ]
    for (const [name, css = ''] of sheets) {
      expect(css.match(/.*\b(left|right)\b.*/g) ?? [], name).toEqual([])
    }
  })

  it('each view of a flow with a slice renders that slice', () => {
    const views = sources.filter(
      ({ file, text }) => flowOf(file) && slices[flowOf(file) ?? ''] && /data-view="/.test(text),
    )
    expect(views.length).toBeGreaterThan(8)
    for (const { file, text } of views) {
      const { name } = slices[flowOf(file) ?? ''] ?? { name: '' }
      expect(text, relative(src, join(src, file))).toContain(`<style>{${name}}</style>`)
    }
  })
})
