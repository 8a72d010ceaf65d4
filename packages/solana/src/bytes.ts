/**
 * The bytes of a Uint8Array or Buffer from any realm (an iframe's, or Node's under jsdom, fail
 * `instanceof Uint8Array`); undefined for anything else.
 */
export function asBytes(value: unknown): Uint8Array | undefined {
  if (!ArrayBuffer.isView(value) || (value as Uint8Array).BYTES_PER_ELEMENT !== 1) return undefined
  if (value instanceof Uint8Array) return value
  return new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
}

export function sameBytes(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
