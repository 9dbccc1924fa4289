// Input filters and checks of seed 000 §5, kept pure so every form applies them the same way.

/**
 * Login / find password: letters, digits, the seed's punctuation ! @ # $ % ^ & * ( ) , . ? " : { } | < > and the
 * three more an email id registered here may hold (+ - _; registration accepts them), nothing else.
 */
const NOT_USER_ID_CHARACTER = /[^A-Za-z0-9!@#$%^&*(),.?":{}|<>+\-_]/g;

export function filterUserIdInput(raw: string): string {
  return raw.replace(NOT_USER_ID_CHARACTER, '');
}

/** Register: the name keeps letters (any script) and digits only. */
export function filterNameInput(raw: string): string {
  return raw.replace(/[^\p{L}\p{N}]/gu, '');
}

/** Register: digits only, shown as 3-4-4 with hyphens while typing (at most 11 digits). */
export function formatPhone344(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 11);
  if (digits.length <= 3) return digits;
  if (digits.length <= 7) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`;
}

/** Find ID: the phone is formatted 3-4-4 only once it has exactly 11 digits. */
export function formatPhoneWhenComplete(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return digits.length === 11 ? formatPhone344(digits) : raw.replace(/[^\d-]/g, '');
}

/** A simple email pattern: something@something.tld without spaces. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

export const isBlank = (value: string) => value.trim() === '';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

export function isAcceptedImage(file: File | null | undefined): file is File {
  return !!file && (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
}
