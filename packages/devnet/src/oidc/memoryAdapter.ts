import type { Adapter, AdapterPayload } from 'oidc-provider'

/** Entries kept in memory before expired ones are swept */
const SWEEP_AT = 5_000

/**
 * oidc-provider's storage, in this process's memory (the stand-in keeps nothing across restarts;
 * a code, interaction or grant lives minutes at most). One store per provider.
 */
export function memoryAdapter(): (model: string) => Adapter {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>()
  const live = (key: string) => {
    const entry = store.get(key)
    if (entry && entry.expiresAt <= Date.now()) store.delete(key)
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined
  }
  const sweep = () => {
    for (const key of store.keys()) live(key)
  }
  return (model) => {
    const key = (id: string) => `${model}:${id}`
    const findBy = async (field: string, value: string) => {
      for (const [id, entry] of store) {
        if (id.startsWith(`${model}:`) && entry.payload[field] === value) return live(id)
      }
      return undefined
    }
    return {
      async upsert(id, payload, expiresIn) {
        if (store.size >= SWEEP_AT) sweep()
        const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY
        store.set(key(id), { payload, expiresAt })
      },
      find: async (id) => live(key(id)),
      findByUid: (uid) => findBy('uid', uid),
      findByUserCode: (userCode) => findBy('userCode', userCode),
      async consume(id) {
        const payload = live(key(id))
        if (payload) payload.consumed = Math.floor(Date.now() / 1000)
      },
      async destroy(id) {
        store.delete(key(id))
      },
      async revokeByGrantId(grantId) {
        for (const [id, entry] of store) if (entry.payload.grantId === grantId) store.delete(id)
      },
    }
  }
}
