// Names (§5, §9): the rule a name follows, its coin type, and our zone (README "Names").

/** §9 Name suffix .reown.id: the spec's zone, which the name service accepts as a spelling of ours */
export const NAME_SUFFIX = '.reown.id'

/**
 * Ours: the zone our name service registers names in unless configured otherwise (NAME_ZONE).
 * Names it registers resolve only through it, so they do not claim Reown's `.reown.id`.
 */
export const DEFAULT_NAME_ZONE = 'latchkey.id'

/** §5 Account name: letters, digits or hyphen, at least 4 characters */
export const ACCOUNT_NAME_MIN_LENGTH = 4

/** Ours: a name is one DNS label, at most 63 characters */
export const ACCOUNT_NAME_MAX_LENGTH = 63

/** §9 Name coin type is chain id OR 0x80000000 */
export const NAME_COIN_TYPE_FLAG = 0x8000_0000

/** §5 EVM chain id must be below 2147483648 for name registration */
export const NAME_MAX_CHAIN_ID_EXCLUSIVE = 2_147_483_648

/** Ours: a registration message's timestamp may be at most 5 minutes from the server's clock */
export const NAME_MESSAGE_MAX_SKEW_S = 300

/** Ours: the name lookups' apiVersion (§7 names the parameter, not its value) */
export const NAME_API_VERSION = '2'

/** Ours: suggestions are asked once the visitor stops typing for this long */
export const NAME_SUGGESTIONS_DEBOUNCE_MS = 300
