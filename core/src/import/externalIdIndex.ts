/**
 * The externalIds an import has seen, with where each was first used: the one thing a client
 * keeps for every row of an import, so it decides how memory grows with the file.
 *
 * A `Map` of the ids themselves costs about 70 bytes a row on V8's heap (the string, its header
 * and the map's entry): 70 MB at a million rows. This keeps a 64-bit hash of each id and its
 * place (file number, line) in an open-addressing table of 32-bit words, 16 bytes a slot, outside
 * V8's heap: 16–32 bytes a row (the table doubles at 70% full), and nothing for the collector to
 * walk.
 *
 * The price is that two different ids with the same 64-bit hash would be taken for a repeat. For
 * a million ids the chance is about 3 in 100 million (10 million ids: 3 in a million); the row
 * would be refused naming the other place, and the server, which compares the ids themselves,
 * stays the authority.
 */

/** A slot: hash high, hash low, file number, line. */
const slotWords = 4
const initialSlots = 1 << 12
const maxLoad = 0.7

/**
 * Two 32-bit lanes over the id's UTF-16 code units (cyrb53's mixing, both lanes kept). The pair is
 * never (0, 0), which marks an empty slot.
 */
const hashOf = (text: string): readonly [number, number] => {
  let h1 = 0xdeadbeef ^ text.length
  let h2 = 0x41c6ce57 ^ text.length
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  const high = h1 >>> 0
  const low = h2 >>> 0
  return high === 0 && low === 0 ? [0, 1] : [high, low]
}

export interface Place {
  /** The file's number in the import (0 for the first file). */
  readonly file: number
  readonly line: number
}

export interface ExternalIdIndex {
  /**
   * Records `id` at `place` and answers undefined, or answers where it was first recorded and
   * keeps that place.
   */
  readonly firstUse: (id: string, place: Place) => Place | undefined
  /** How many ids are recorded. */
  readonly size: () => number
  /** Bytes held by the table. */
  readonly bytes: () => number
}

export const externalIdIndex = (): ExternalIdIndex => {
  let slots = initialSlots
  let table = new Uint32Array(slots * slotWords)
  let count = 0

  /** The slot holding (high, low), or the empty slot where it would go. */
  const slotOf = (words: Uint32Array, mask: number, high: number, low: number): number => {
    let slot = (low ^ high) & mask
    for (;;) {
      const at = slot * slotWords
      const h = words[at] ?? 0
      const l = words[at + 1] ?? 0
      if ((h === 0 && l === 0) || (h === high && l === low)) return slot
      slot = (slot + 1) & mask
    }
  }

  const grow = () => {
    const next = new Uint32Array(slots * 2 * slotWords)
    const mask = slots * 2 - 1
    for (let at = 0; at < table.length; at += slotWords) {
      const high = table[at] ?? 0
      const low = table[at + 1] ?? 0
      if (high === 0 && low === 0) continue
      const to = slotOf(next, mask, high, low) * slotWords
      next.set(table.subarray(at, at + slotWords), to)
    }
    table = next
    slots *= 2
  }

  const firstUse = (id: string, place: Place): Place | undefined => {
    const [high, low] = hashOf(id)
    const at = slotOf(table, slots - 1, high, low) * slotWords
    if (table[at] === high && table[at + 1] === low) {
      return { file: table[at + 2] ?? 0, line: table[at + 3] ?? 0 }
    }
    table[at] = high
    table[at + 1] = low
    table[at + 2] = place.file
    table[at + 3] = place.line
    count++
    if (count > slots * maxLoad) grow()
    return undefined
  }

  return { firstUse, size: () => count, bytes: () => table.byteLength }
}
