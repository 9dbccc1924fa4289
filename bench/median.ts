/** The value with the median key (the upper one of the middle two for an even count): benchmarks report median rounds. */
export function medianBy<T>(values: readonly T[], key: (value: T) => number): T {
  if (values.length === 0) throw new RangeError('no values to take the median of');
  return [...values].sort((a, b) => key(a) - key(b))[Math.floor(values.length / 2)]!;
}
