// Sign-In with X for an app: AppKit's @reown/appkit-siwx has its place here (docs/migrating.md).
export type {
  LocalSIWXOptions,
  ServerSIWXOptions,
  SIWXConfig,
  SIWXMessageData,
  SIWXSession,
} from '@latchkey/core/internal'
export { LocalSIWX, ServerSIWX } from '@latchkey/core/internal'
