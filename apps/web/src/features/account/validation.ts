import type { MessageKey } from '../../i18n/I18nProvider.tsx';
import { isBlank, isEmail } from './inputRules.ts';

// Seed 000 §5: each form's checks in the seeds' order; the first failing one is reported.

export interface FieldError<Field extends string> {
  field: Field;
  message: MessageKey;
}

type Check<Field extends string> = [failed: boolean, field: Field, message: MessageKey];

function firstFailure<Field extends string>(checks: Check<Field>[]): FieldError<Field> | null {
  for (const [failed, field, message] of checks) if (failed) return { field, message };
  return null;
}

export type LoginField = 'email' | 'password';
export const validateLogin = (form: Record<LoginField, string>) =>
  firstFailure<LoginField>([
    [isBlank(form.email), 'email', 'validation.enterEmail'],
    [form.password === '', 'password', 'validation.enterPassword'],
  ]);

export type RegisterField = 'email' | 'password' | 'confirmPassword' | 'name' | 'phone';
export const validateRegisterStep1 = (form: Record<RegisterField, string>) =>
  firstFailure<RegisterField>([
    [isBlank(form.email), 'email', 'validation.enterEmail'],
    [!isEmail(form.email), 'email', 'validation.idAsEmail'],
    [form.password === '', 'password', 'validation.enterPassword'],
    [form.confirmPassword === '', 'confirmPassword', 'validation.enterConfirmPassword'],
    [form.password !== form.confirmPassword, 'confirmPassword', 'validation.passwordsMismatch'],
    [isBlank(form.name), 'name', 'validation.enterName'],
    [isBlank(form.phone), 'phone', 'validation.enterPhoneNumber'],
  ]);

export type FindIdField = 'email' | 'phone';
export const validateFindId = (form: Record<FindIdField, string>) =>
  firstFailure<FindIdField>([
    [isBlank(form.email), 'email', 'validation.enterEmail'],
    [!isEmail(form.email), 'email', 'validation.notEmailPattern'],
    [isBlank(form.phone), 'phone', 'validation.enterPhone'],
  ]);

export type FindPasswordField = 'userid' | 'address' | 'password' | 'confirmPassword';
export const validateFindPassword = (form: Record<FindPasswordField, string>) =>
  firstFailure<FindPasswordField>([
    [isBlank(form.userid), 'userid', 'validation.enterUserId'],
    [!isEmail(form.userid), 'userid', 'validation.idAsEmail'],
    [isBlank(form.address), 'address', 'validation.enterAddress'],
    [form.password === '', 'password', 'validation.enterNewPassword'],
    [form.confirmPassword === '', 'confirmPassword', 'validation.enterNewConfirmPassword'],
    [form.password !== form.confirmPassword, 'confirmPassword', 'validation.passwordsMismatch'],
  ]);
