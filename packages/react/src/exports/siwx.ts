// Sign-In with X for an app: AppKit's @reown/appkit-siwx has its place here (docs/migrating.md).
export type {
  LocalSIWXOptions,
  ServerSIWXOptions,
  SIWXConfig,
  SIWXMessageData,
  SIWXSession,
} from '@latchkey/core/internal'
export { LocalSIWX, ServerSIWX } from '@latchkey/core/internal'
export { DefaultSIWX, type DefaultSIWXOptions } from '../siwx/defaultSIWX.ts'
export { EIP155Verifier, type EIP155VerifierOptions } from '../siwx/eip155Verifier.ts'
export { InformalMessenger, type InformalMessengerOptions } from '../siwx/informalMessenger.ts'
export { LocalStorage, type LocalStorageOptions } from '../siwx/localStorage.ts'
export {
  SIWXMessenger,
  type SIWXMessengerInput,
  type SIWXMessengerOptions,
} from '../siwx/messenger.ts'
export {
  ReownAuthentication as CloudAuthSIWX,
  ReownAuthentication,
  type ReownAuthenticationOptions,
} from '../siwx/reownAuthentication.ts'
export { SolanaVerifier } from '../siwx/solanaVerifier.ts'
export type { SIWXStorage } from '../siwx/storage.ts'
export { SIWXVerifier } from '../siwx/verifier.ts'
