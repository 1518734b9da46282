// What the hooks of one write hand each other: the lines beforeWrite computed for afterWrite to
// store, the rows beforeRemove read for afterRemove to sum. Each write makes its own and drops it
// with its context, so nothing of one write can reach another.

/** A named place in a write's state for a value of type T (the type rides on the slot). */
export interface WriteSlot<T> {
  readonly name: string
  /** Never set: carries T so that get and set agree on it. */
  readonly value?: T
}

/** Declared once, beside the hooks that use it. */
export const writeSlot = <T>(name: string): WriteSlot<T> => ({ name })

export class WriteState {
  readonly #values = new Map<WriteSlot<unknown>, unknown>()

  get<T>(slot: WriteSlot<T>): T | undefined {
    return this.#values.get(slot) as T | undefined
  }

  set<T>(slot: WriteSlot<T>, value: T): void {
    this.#values.set(slot, value)
  }
}
