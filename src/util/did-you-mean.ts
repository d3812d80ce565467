/**
 * The candidate nearest to `input` by edit distance, or null when nothing is close enough to be a
 * plausible typo. Case differences count as half an edit so `pretooluse` still finds `PreToolUse`.
 */
export function didYouMean(input: string, candidates: readonly string[]): string | null {
  // Allow roughly one edit per three characters, at least one and at most four.
  const limit = Math.min(4, Math.max(1, Math.floor(input.length / 3)));
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(input, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit && best !== input ? best : null;
}

/**
 * Levenshtein distance that also counts swapping two adjacent characters as one edit (the most
 * common typo), and a substitution that only changes letter case as half an edit.
 */
function editDistance(a: string, b: string): number {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const x = a[i - 1]!;
      const y = b[j - 1]!;
      const substitution = x === y ? 0 : x.toLowerCase() === y.toLowerCase() ? 0.5 : 1;
      let distance = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + substitution);
      if (i > 1 && j > 1 && x === b[j - 2] && a[i - 2] === y) distance = Math.min(distance, beforePrevious[j - 2]! + 1);
      current[j] = distance;
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** The tail a message gets for a suggestion from `didYouMean`: `; did you mean "X"?`, or '' for none. */
export function didYouMeanSuffix(suggestion: string | null): string {
  return suggestion === null ? '' : `; did you mean "${suggestion}"?`;
}
