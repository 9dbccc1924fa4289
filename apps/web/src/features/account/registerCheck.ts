import { Errors } from '@tickline/protocol';
import { checkRegister } from '../../api/accounts.ts';
import { isSuccess } from '../../api/client.ts';

/** Where the register screen shows each refusal of POST /auth/checkRegister; anything else goes to the popup. */
export type RegisterCheckField = 'email' | 'password' | 'referralCode';

const FIELD_OF_CODE = new Map<number, RegisterCheckField>([
  [Errors.EMAIL_REQUIRED.code, 'email'],
  [Errors.EMAIL_INVALID.code, 'email'],
  [Errors.USERID_TAKEN.code, 'email'],
  [Errors.PASSWORD_REQUIRED.code, 'password'],
  [Errors.PASSWORD_LENGTH.code, 'password'],
  [Errors.REFERRAL_CODE_UNKNOWN.code, 'referralCode'],
]);

export type RegisterCheck =
  | { ok: true }
  /** A refusal of one field, with the server's message in the interface language. */
  | { ok: false; field: RegisterCheckField; message: string }
  /** Any other answer (rate limited, server trouble): said in the popup. */
  | { ok: false; field: null; message: string | null };

/** Asks the server what registration would refuse (#18: before any photo is uploaded). Never throws. */
export async function runRegisterCheck(body: {
  userid?: string;
  password?: string;
  referralCode: string;
}): Promise<RegisterCheck> {
  try {
    const answer = await checkRegister(body);
    if (isSuccess(answer)) return { ok: true };
    const field = FIELD_OF_CODE.get(answer.code) ?? null;
    return field ? { ok: false, field, message: answer.message } : { ok: false, field: null, message: answer.message };
  } catch {
    return { ok: false, field: null, message: null };
  }
}
