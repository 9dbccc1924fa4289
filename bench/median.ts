/** The value with the median key (the upper one of the middle two for an even count): benchmarks report median rounds. */
export function medianBy<T>(values: readonly T[], key: (value: T) => number): T {
  if (values.length === 0) throw new RangeError('no values to take the median of');
  return [...values].sort((a, b) => key(a) - key(b))[Math.floor(values.length / 2)]!;
}

/** Per path of alternating rounds (`{ ours, naive }`...), that path's median round by `key`. */
export function medianOfEach<R extends object>(rounds: readonly R[], key: (value: R[keyof R]) => number): R {
  if (rounds.length === 0) throw new RangeError('no rounds to take the median of');
  const medianOf = (path: keyof R) =>
    medianBy(
      rounds.map((round) => round[path]),
      key,
    );
  return Object.fromEntries((Object.keys(rounds[0]!) as Array<keyof R>).map((path) => [path, medianOf(path)])) as R;
}
