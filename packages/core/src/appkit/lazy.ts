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
