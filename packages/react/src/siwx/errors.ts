/**
 * What DefaultSIWX, its verifiers and ReownAuthentication throw. For the app's developer and
 * logs: the visitor sees core's ErrorText.errorSigningMessage when a sign-in is refused.
 */
export const SIWXErrorText = {
  /** AppKit's wording */
  invalidSignature: 'The signature is not valid',
  noVerifier: (chainId: string) => `No SIWX verifier for ${chainId}`,
  messageMismatch: 'The signed message is not the text of the session data',
  expired: 'The session has expired',
  notYetValid: 'The session is not valid yet',
  ed25519Unsupported: 'This browser cannot verify Ed25519 signatures (WebCrypto)',
  noProjectId:
    'ReownAuthentication needs a projectId: pass { projectId } or call createAppKit first',
} as const
