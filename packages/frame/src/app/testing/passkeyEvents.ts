// Test support: a request and a reply with every field for each passkey and key export app event
// (issue 30),
// for the protocol's table tests.
const at = '2026-01-01T00:00:00.000Z'
export const PASSKEY_LIST = {
  passkeys: [{ id: 'cred_1-A', name: null, backedUp: false, createdAt: at, lastUsedAt: at }],
}

export const passkeyEvents = (user: object, rpcUrl: string) => ({
  APP_CONNECT_PASSKEY: {
    request: { preferredAccountType: 'eoa', chainId: 10, rpcUrl },
    reply: user,
  },
  APP_GET_PASSKEYS: { request: {}, reply: PASSKEY_LIST },
  APP_ADD_PASSKEY: { request: {}, reply: PASSKEY_LIST },
  APP_CANCEL_PASSKEY: { request: {}, reply: {} },
  APP_REMOVE_PASSKEY: { request: { id: 'cred_1-A' }, reply: PASSKEY_LIST },
  APP_EXPORT_KEY: { request: { namespace: 'solana' }, reply: {} },
  APP_CANCEL_EXPORT: { request: {}, reply: {} },
})
