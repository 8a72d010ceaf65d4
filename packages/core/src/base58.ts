/** Bitcoin's base58 alphabet (Solana addresses and signatures, did:key multibase 'z'): no 0, O, I or l. */
export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Encodes base58btc (Bitcoin alphabet). */
export function encodeBase58(bytes: Uint8Array): string {
  const digits: number[] = []
  for (const byte of bytes) {
    let carry = byte
    for (let i = 0; i < digits.length; i++) {
      carry += (digits[i] as number) << 8
      digits[i] = carry % 58
      carry = Math.floor(carry / 58)
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = Math.floor(carry / 58)
    }
  }
  let text = ''
  for (let i = 0; i < bytes.length && bytes[i] === 0; i++) text += '1'
  for (let i = digits.length - 1; i >= 0; i--) text += BASE58_ALPHABET[digits[i] as number]
  return text
}

/** Base58 text to bytes (leading '1's are leading zero bytes); undefined for a foreign character. */
export function decodeBase58(value: string): Uint8Array | undefined {
  const bytes: number[] = []
  for (const char of value) {
    let carry = BASE58_ALPHABET.indexOf(char)
    if (carry < 0) return undefined
    for (let i = 0; i < bytes.length; i++) {
      carry += (bytes[i] as number) * 58
      bytes[i] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  let zeros = 0
  while (zeros < value.length && value[zeros] === '1') zeros++
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes.reverse()])
}
