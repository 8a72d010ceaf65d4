import { afterEach, expect } from 'vitest'

// Component tests run their instances against a refused service (apiUrl 127.0.0.1:1), so the
// setup alerts that raises (README "Setup alerts": configuration and wallet list not loaded) are
// expected and not printed. Anything else written to console.error or console.warn fails the
// test that wrote it.

const EXPECTED = /^\[latchkey\] (APKT003|APKT009) /
let unexpected: string[] = []

for (const level of ['error', 'warn'] as const) {
  console[level] = (...args: unknown[]) => {
    const text = args.map(String).join(' ')
    if (!EXPECTED.test(text)) unexpected.push(`console.${level}: ${text}`)
  }
}

afterEach(() => {
  const written = unexpected
  unexpected = []
  expect(written).toEqual([])
})
