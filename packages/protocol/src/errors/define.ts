export interface ErrorDefinition {
  /** Stable number sent as the envelope's `code`. */
  code: number;
  /** A message the client may show as is. */
  message: string;
  /** HTTP status: 200 for every handled outcome; 4xx/5xx only when the request could not be handled. */
  httpStatus?: number;
}

/** Declares one area's errors; keys become the names used in code (`Errors.WRONG_PASSWORD`). */
export function defineErrors<const T extends Record<string, ErrorDefinition>>(area: string, definitions: T) {
  return { area, definitions };
}
