import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { README_END, README_START, readmeFigures, replaceMarkedBlock } from './readme'

const app = (name: string, firstLoad: number) => ({
  name,
  label: name,
  totalJsGzip: firstLoad * 4,
  firstLoadJsGzip: firstLoad,
  buttonMs: 200,
  openToListMs: 12.34,
})

describe("the README's figures", () => {
  it('replace only what stands between the markers, again and again', () => {
    const text = `# Title\n\nbefore\n${README_START}\nold 1 KB\n${README_END}\nafter\n`
    const once = replaceMarkedBlock(text, 'new 2 KB')
    expect(once).toBe(`# Title\n\nbefore\n${README_START}\nnew 2 KB\n${README_END}\nafter\n`)
    expect(replaceMarkedBlock(once, 'new 2 KB')).toBe(once)
  })

  it('refuse a README without both markers, in order', () => {
    expect(() => replaceMarkedBlock('no markers', 'x')).toThrow(/needs the lines/)
    expect(() => replaceMarkedBlock(`${README_END}\n${README_START}`, 'x')).toThrow(/in order/)
  })

  it('say how much the modal adds to React, from the measured first loads', () => {
    const block = readmeFigures({
      runs: 5,
      apps: [app('react-baseline', 67_900), app('minimal-lazy', 84_500), app('demo', 88_400)],
      sections: [{ title: 'Relay', table: '| a |\n| - |' }],
      measuredAt: new Date('2026-11-24T12:00:00Z'),
    })
    expect(block).toContain(
      'First load: a minimal app 84.5 KB (React plus 16.6 KB), the demo 88.4 KB (React plus 20.5 KB).',
    )
    expect(block).toMatch(/\| minimal-lazy +\| +338\.0 KB \| +84\.5 KB \| +200 ms \| +12\.3 ms \|/)
    expect(block).toContain('Relay:\n\n| a |')
  })

  it('are the only sizes the README states: none typed by hand outside the block', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const outside = replaceMarkedBlock(readme, '')
    expect(readme.includes('First load: a minimal app'), 'npm run bench has filled the block').toBe(
      true,
    )
    expect(outside.match(/.*\d\s?KB.*/g) ?? []).toEqual([])
  })
})
