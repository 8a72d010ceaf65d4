// Permissions (ERC-7715) granted by an embedded wallet's smart account to an app (README "Smart
// accounts"): what the server keeps of them.

/** The longest permission an app may ask for */
export const PERMISSION_MAX_EXPIRY_S = 30 * 24 * 60 * 60
/** A signed permission message, JSON */
export const PERMISSION_MESSAGE_MAX_CHARS = 8_192
export const PERMISSIONS_PER_GRANT_MAX = 10
/** What the owner signs to end a permission, before its id */
export const PERMISSION_REVOKE_PREFIX = 'Revoke Latchkey permission '
/** The reference SimpleAccountFactory (EntryPoint v0.7), the same address on every chain */
export const SIMPLE_ACCOUNT_FACTORY = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'
