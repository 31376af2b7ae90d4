/**
 * The first line of each ASIN in one imported file, for the importer's "duplicate ASIN: … is already
 * on line N" rule (catalogue-row.ts), kept compact (issue 11 "a 50 MB file must import with the
 * server under 300 MB RSS"; issue 7 "Memory").
 *
 * A `Map<string, number>` held every ASIN string of the file (a 50 MB upload has 340,722) with a
 * hash-table entry each, about 25–35 MB of the server's heap by the end of the import, and twice
 * the table while it grew. An ASIN is 10 upper-case letters or digits (common/affiliate.ts
 * ASIN_PATTERN), so it is read here as a base-36 number below 36^10 ≈ 3.7 × 10^15, exact in a double
 * (< 2^53); the index is an open-addressing hash table of those numbers (Float64Array) and their
 * line numbers (Uint32Array): 12 bytes a slot, at most half the slots used, about 8 MB for 340,722
 * ASINs, and no object per entry for the garbage collector to trace.
 */
import { ASIN_PATTERN } from '../../../common/affiliate';

const INITIAL_SLOTS = 1024;

/** ASINs → the line each was first recorded with. Only for strings matching ASIN_PATTERN. */
export class AsinLineIndex {
  /** Slot keys: the ASIN's base-36 value + 1 (0 marks an empty slot). */
  private keys = new Float64Array(INITIAL_SLOTS);
  private lines = new Uint32Array(INITIAL_SLOTS);
  private used = 0;

  /** How many ASINs are held. */
  get size(): number {
    return this.used;
  }

  /** The line `asin` was first recorded with, or undefined. Throws RangeError for a string that is not an ASIN. */
  get(asin: string): number | undefined {
    const slot = this.find(keyOf(asin));
    return this.keys[slot] === 0 ? undefined : this.lines[slot];
  }

  /**
   * Records `line` (1 to 2^32 − 1) as `asin`'s first line, unless it has one already (the importer
   * reports duplicates against the first). Throws RangeError for a string that is not an ASIN or a
   * line out of range.
   */
  recordFirst(asin: string, line: number): void {
    if (!Number.isInteger(line) || line < 1 || line > 0xffff_ffff) throw new RangeError(`line ${line} is out of range`);
    const key = keyOf(asin);
    let slot = this.find(key);
    if (this.keys[slot] !== 0) return;
    if ((this.used + 1) * 2 > this.keys.length) {
      this.grow();
      slot = this.find(key);
    }
    this.keys[slot] = key;
    this.lines[slot] = line;
    this.used += 1;
  }

  /** The slot holding `key`, or the empty slot where it would go (linear probing). */
  private find(key: number): number {
    const mask = this.keys.length - 1;
    // Mix both 32-bit halves of the key (keys are integers below 2^53).
    const low = key >>> 0;
    const high = Math.floor(key / 0x1_0000_0000);
    let slot = (Math.imul(low ^ Math.imul(high, 0x9e37_79b1), 0x85eb_ca6b) >>> 0) & mask;
    while (this.keys[slot] !== 0 && this.keys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldLines = this.lines;
    this.keys = new Float64Array(oldKeys.length * 2);
    this.lines = new Uint32Array(oldKeys.length * 2);
    for (let i = 0; i < oldKeys.length; i++) {
      const key = oldKeys[i] as number;
      if (key === 0) continue;
      const slot = this.find(key);
      this.keys[slot] = key;
      this.lines[slot] = oldLines[i] as number;
    }
  }
}

/** `asin` as its base-36 value + 1 (below 36^10 + 1); RangeError when it is not 10 upper-case letters or digits. */
function keyOf(asin: string): number {
  if (!ASIN_PATTERN.test(asin)) throw new RangeError(`not an ASIN: ${JSON.stringify(asin.slice(0, 20))}`);
  return Number.parseInt(asin, 36) + 1;
}
