// Base58 (Bitcoin alphabet), as Solana writes public keys and signatures.
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const DIGITS = new Map([...ALPHABET].map((char, index) => [char, BigInt(index)]))

/** The bytes of a base58 string, or undefined when it is not base58. */
export function decodeBase58(text: string): Uint8Array | undefined {
  if (text.length === 0 || text.length > 128) return undefined
  let value = 0n
  for (const char of text) {
    const digit = DIGITS.get(char)
    if (digit === undefined) return undefined
    value = value * 58n + digit
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  // Each leading '1' is a leading zero byte.
  const zeros = text.length - text.replace(/^1+/, '').length
  return new Uint8Array([...new Array<number>(zeros).fill(0), ...bytes])
}

/** A Solana address: base58 of 32 bytes. */
export function isSolanaAddress(text: string): boolean {
  return decodeBase58(text)?.length === 32
}

/** A Solana transaction signature: base58 of 64 bytes. */
export function isSolanaSignature(text: string): boolean {
  return decodeBase58(text)?.length === 64
}
