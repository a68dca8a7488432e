// Small helpers on typed arrays and bit masks that the catalogue's parts share.

// Scores (search, similar tools) are counted per value up to this; sort keys pack (score, rank)
// with ranks below 2^26, exact in a double.
export const SCORE_CEILING = 1023;

/** A typed array grown by doubling. */
export function grow<T extends Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array>(
  array: T,
  size: number,
): T {
  if (array.length >= size) return array;
  let length = Math.max(16, array.length);
  while (length < size) length *= 2;
  const bigger = new (array.constructor as new (n: number) => T)(length);
  bigger.set(array);
  return bigger;
}

/** The set bits of a 32-bit mask, without a loop (it runs once per tool in `similar`). */
export function bitCount(n: number): number {
  let x = n - ((n >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The set bits of each byte (platform masks are one byte). */
export const BITS_IN_BYTE = Uint8Array.from({ length: 256 }, (_, n) => bitCount(n));
