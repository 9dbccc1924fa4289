// Field rules shared by registration, login, find-id and password reset. The order of checks and the
// messages follow the seeds' client validation, so a client that skips its own checks sees the same text.

// Local part and domain in the usual practical form; at most 254 characters as SMTP allows.
const EMAIL_PATTERN =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 50;

export function isEmail(text: string): boolean {
  return text.length <= 254 && EMAIL_PATTERN.test(text);
}

/** User ids are emails compared without regard to case. */
export function normalizeUserid(text: string): string {
  return text.trim().toLowerCase();
}

/** Counted in characters (code points), not UTF-16 units. */
export function isAcceptablePassword(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
}

/** The client strips everything but letters and digits; any script's letters are accepted. */
export function isAcceptableName(name: string): boolean {
  return [...name].length <= NAME_MAX_LENGTH && /^[\p{L}\p{N}]+$/u.test(name);
}

/**
 * The client sends 3-4-4 digits with hyphens; 11 bare digits are accepted too. Answers the stored form
 * (with hyphens) or null when the text is not a phone number of that shape.
 */
export function normalizePhone(text: string): string | null {
  const trimmed = text.trim();
  const digits = /^\d{11}$/.test(trimmed)
    ? trimmed
    : /^\d{3}-\d{4}-\d{4}$/.test(trimmed)
      ? trimmed.replace(/-/g, '')
      : null;
  return digits === null ? null : `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`;
}
