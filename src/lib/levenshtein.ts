// The one edit distance (insertions, deletions, substitutions; by UTF-16 unit): the scanner's
// heading matcher and its OCR unit reader use it. One row of memory; with `max` it stops as soon as
// the distance must exceed it (every cell of a row above max), answering max + 1.
export function levenshtein(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = d[0]!;
    d[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const above = d[j]!;
      d[j] = Math.min(above + 1, d[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
      if (d[j]! < best) best = d[j]!;
    }
    if (best > max) return max + 1;
  }
  return Math.min(d[b.length]!, max + 1);
}
