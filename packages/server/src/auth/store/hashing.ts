// One-time codes and tokens as the database keeps them: SHA-256 hashes, never the values.
import { createHash, randomBytes, randomInt } from 'node:crypto'
import { AUTH_OTP_DIGITS, AUTH_TOKEN_BYTES } from '../../constants/auth.ts'

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** AUTH_TOKEN_BYTES random bytes, base64url: session and device-approval tokens */
export const randomToken = () => randomBytes(AUTH_TOKEN_BYTES).toString('base64url')

export interface HashedOtp {
  otp: string
  salt: string
  hash: string
}

/** A fresh AUTH_OTP_DIGITS-digit code and its salted hash. */
export function newOtp(): HashedOtp {
  const otp = String(randomInt(10 ** AUTH_OTP_DIGITS)).padStart(AUTH_OTP_DIGITS, '0')
  const salt = randomBytes(16).toString('hex')
  return { otp, salt, hash: sha256(salt + otp) }
}
