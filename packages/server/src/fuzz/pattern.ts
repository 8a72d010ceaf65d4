// Strings for the simple regular expressions OpenAPI documents carry (parameter patterns).
import type { Rng } from './rng.ts'

const DIGITS = '0123456789'
/** The characters `\w` matches */
export const WORD = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'

type Pattern =
  | { kind: 'chars'; chars: string }
  | { kind: 'alt'; branches: { atom: Pattern; min: number; max: number }[][] }

/** A string matching `pattern` when it uses ^$, groups, |, classes, \\d \\w and quantifiers. */
export function samplePattern(pattern: string, rng: Rng): string {
  let at = 0
  const classOf = (char: string) => (char === 'd' ? DIGITS : char === 'w' ? WORD : char)
  const parseClass = (): string => {
    let chars = ''
    at++
    while (at < pattern.length && pattern[at] !== ']') {
      const char = pattern[at++] as string
      if (char === '\\') chars += classOf(pattern[at++] as string)
      else if (pattern[at] === '-' && pattern[at + 1] !== ']') {
        const last = pattern.charCodeAt(at + 1)
        for (let code = char.charCodeAt(0); code <= last; code++) chars += String.fromCharCode(code)
        at += 2
      } else chars += char
    }
    at++
    return chars
  }
  const parseQuantifier = (): [number, number] => {
    const char = pattern[at]
    if (char === '*' || char === '+' || char === '?') {
      at++
      return char === '*' ? [0, 6] : char === '+' ? [1, 6] : [0, 1]
    }
    const braces = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at))
    if (!braces) return [1, 1]
    at += braces[0].length
    const min = Number(braces[1])
    const max = braces[2] === undefined ? min : braces[3] ? Number(braces[3]) : min + 8
    return [min, max]
  }
  const parseAlt = (): Pattern => {
    const branches: { atom: Pattern; min: number; max: number }[][] = [[]]
    while (at < pattern.length && pattern[at] !== ')') {
      const char = pattern[at] as string
      if (char === '|') {
        at++
        branches.push([])
        continue
      }
      let atom: Pattern
      if (char === '^' || char === '$') {
        at++
        continue
      }
      if (char === '(') {
        at += pattern.startsWith('(?:', at) ? 3 : 1
        atom = parseAlt()
        at++
      } else if (char === '[') atom = { kind: 'chars', chars: parseClass() }
      else {
        at++
        const chars = char === '\\' ? classOf(pattern[at++] as string) : char === '.' ? WORD : char
        atom = { kind: 'chars', chars }
      }
      const [min, max] = parseQuantifier()
      branches[branches.length - 1]?.push({ atom, min, max })
    }
    return { kind: 'alt', branches }
  }
  const sample = (node: Pattern): string => {
    if (node.kind === 'chars') return rng.pick([...node.chars])
    let out = ''
    for (const { atom, min, max } of rng.pick(node.branches)) {
      const count = rng.int(min, Math.min(max, min + 24))
      for (let i = 0; i < count; i++) out += sample(atom)
    }
    return out
  }
  return sample(parseAlt())
}
