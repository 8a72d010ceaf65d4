// `@latchkey/frame/protocol`: the embedded wallet's message protocol, for the host page's client
// (core) and anyone who writes another frame or host against it.
export {
  APP_EVENT_TYPES,
  AppEvents,
  type AppEventType,
  type AppReply,
  type AppRequest,
  errorType,
  successType,
} from '../protocol/appEvents.ts'
export {
  ACCOUNT_TYPES,
  EMAIL_ACTIONS,
  EMAIL_CHANGE_ACTIONS,
  EMBEDDED_NAMESPACES,
  type EmbeddedUser,
  LOGIN_PROVIDERS,
  type SiwxMessage,
  SiwxMessageSchema,
  SOCIAL_PROVIDERS,
  UserSchema,
} from '../protocol/fields.ts'
export {
  type AppMessage,
  CHANNEL,
  type FrameMessage,
  FrameSignals,
  type FrameSignalType,
  MAX_MESSAGE_BYTES,
  type Parsed,
  PROTOCOL_VERSION,
  parseAppMessage,
  parseFrameMessage,
} from '../protocol/messages.ts'
export {
  classifyRpcMethod,
  REQUEST_ABORTED,
  RPC_NOT_ALLOWED,
  type RpcClass,
  UNSAFE_METHODS,
  USER_REJECTED,
} from '../protocol/rpcRules.ts'
