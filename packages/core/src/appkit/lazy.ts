/** Loaded on first use and kept; with `retry`, a failed load is tried again on the next use. */
export function lazy<T>(load: () => Promise<T>, retry = false) {
  let loaded: Promise<T> | undefined
  const get = () => {
    if (!loaded) {
      const loading = load()
      loaded = loading
      if (retry) {
        loading.catch(() => {
          loaded = undefined
        })
      }
    }
    return loaded
  }
  /** The part if its load has started, else undefined (nothing to stop or destroy) */
  return Object.assign(get, { ifStarted: () => loaded })
}

type Forwarded<C, K extends keyof C> = {
  [P in K]: C[P] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never
}

/**
 * The named methods of a lazily loaded part, each loading the part first: one line per part in
 * the first load instead of one closure per method.
 */
export function forward<C, K extends keyof C>(
  part: () => Promise<C>,
  names: readonly K[],
): Forwarded<C, K> {
  const methods: Partial<Record<K, unknown>> = {}
  for (const name of names) {
    methods[name] = (...args: unknown[]) =>
      part().then((loaded) => (loaded[name] as (...a: unknown[]) => unknown).apply(loaded, args))
  }
  return methods as Forwarded<C, K>
}
