/**
 * mulberry32: a tiny seeded PRNG giving numbers in [0, 1). For tests and the bench's seed, so a
 * failure names the same rows every run and every run seeds the same data.
 */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
