// Counts finished on this device. A stock count has no closed state on the server (the declaration
// has none), so "finish" is the device's: a finished count leaves the list of open counts here.
const KEY = 'vn-admin:finished-counts'

export function finishedCounts(storage: Storage = localStorage): Set<string> {
  try {
    const list: unknown = JSON.parse(storage.getItem(KEY) ?? '[]')
    return new Set(Array.isArray(list) ? list.map(String) : [])
  } catch {
    return new Set()
  }
}

export function markFinished(id: string, storage: Storage = localStorage): void {
  // The newest 200 are plenty: older counts drop out of the open list by date anyway.
  const list = [...finishedCounts(storage)].filter((x) => x !== id).slice(-199)
  storage.setItem(KEY, JSON.stringify([...list, id]))
}
