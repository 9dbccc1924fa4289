import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { register, uploadImage } from '../../api/accounts.ts';
import { isSuccess } from '../../api/client.ts';
import { AuthCard } from '../../features/account/AuthCard.tsx';
import { ImagePicker } from '../../features/account/ImagePicker.tsx';
import { filterNameInput, formatPhone344, isAcceptedImage } from '../../features/account/inputRules.ts';
import { useFieldFocus } from '../../features/account/useFieldFocus.ts';
import { validateRegisterStep1 } from '../../features/account/validation.ts';
import type { FieldError, RegisterField } from '../../features/account/validation.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { TextField } from '../../ui/Field.tsx';
import { MessageDialog } from '../../ui/Modal.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { useToast } from '../../ui/Toast.tsx';

/** Seeds §9: after a successful registration, go to /login after 1 second. */
const REDIRECT_AFTER_REGISTER_MS = 1000;

/** Upload the image first; its reference, or null when the upload failed in any way. */
async function uploadVerificationImage(file: File): Promise<string | null> {
  try {
    const answer = await uploadImage(file);
    return isSuccess(answer) ? (answer.data?.images?.[0] ?? null) : null;
  } catch {
    return null;
  }
}

function StepIndicator({ step }: { step: 1 | 2 }) {
  const t = useT();
  return (
    <ol className="stepper" aria-label={t('register.progress')}>
      <li className={step === 1 ? 'is-current' : 'is-done'}>
        <span className="stepper__dot">1</span> {t('register.stepAccount')}
      </li>
      <li className={step === 2 ? 'is-current' : ''}>
        <span className="stepper__dot">2</span> {t('register.stepKyc')}
      </li>
    </ol>
  );
}

/** Seed 000 §2/§4/§5/§8: two-step registration with a KYC photo; the referral code comes from /register/:code. */
export default function RegisterPage() {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const { code } = useParams();
  const fields = useFieldFocus<RegisterField>();
  const [step, setStep] = useState<1 | 2>(1);
  const [form, setForm] = useState({ email: '', password: '', confirmPassword: '', name: '', phone: '' });
  const [error, setError] = useState<FieldError<RegisterField> | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [popup, setPopup] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const referralCode = code ?? '';

  useEffect(() => () => (redirectTimer.current ? clearTimeout(redirectTimer.current) : undefined), []);

  const update = (field: RegisterField, value: string) => setForm((current) => ({ ...current, [field]: value }));
  const errorFor = (field: RegisterField) => (error?.field === field ? t(error.message) : null);

  const next = (event: FormEvent) => {
    event.preventDefault();
    const failure = validateRegisterStep1(form);
    setError(failure);
    if (failure) return fields.focus(failure.field);
    setStep(2);
  };

  const chooseImage = (file: File | null) => {
    if (file && !isAcceptedImage(file)) {
      setImage(null);
      return toast(t('kyc.selectImage'), 'error');
    }
    setImage(file);
  };

  const createAccount = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!isAcceptedImage(image)) return toast(t('kyc.selectImage'), 'error');
    setSubmitting(true);
    const verificationImage = await uploadVerificationImage(image);
    if (!verificationImage) {
      // Seeds §8: an upload failure clears the image and re-enables the button, with no message.
      setImage(null);
      return setSubmitting(false);
    }
    try {
      const answer = await register({
        userid: form.email.trim(),
        password: form.password,
        name: form.name,
        phone: form.phone,
        referralCode,
        verificationImage,
      });
      if (answer.httpStatus !== 200) throw new Error(`HTTP ${answer.httpStatus}`);
      if (!isSuccess(answer)) {
        setPopup(answer.message);
        return setSubmitting(false);
      }
      toast(t('register.success'), 'success');
      redirectTimer.current = setTimeout(() => navigate('/login'), REDIRECT_AFTER_REGISTER_MS);
    } catch {
      toast(t('register.failed'), 'error');
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title={t(step === 1 ? 'register.title' : 'register.kycTitle')}
      subtitle={t(step === 1 ? 'register.subtitle' : 'register.kycSubtitle')}
      footer={
        <span className="muted">
          {t('register.haveAccount')}{' '}
          <Link to="/login" className="link">
            {t('nav.login')}
          </Link>
        </span>
      }
    >
      <StepIndicator step={step} />
      {step === 1 ? (
        <form className="form" onSubmit={next} noValidate data-testid="register-form">
          <TextField
            ref={fields.register('email')}
            label={t('register.email')}
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('login.emailPlaceholder')}
            value={form.email}
            error={errorFor('email')}
            onChange={(event) => update('email', event.target.value)}
          />
          <PasswordField
            ref={fields.register('password')}
            label={t('register.password')}
            name="password"
            autoComplete="new-password"
            value={form.password}
            error={errorFor('password')}
            onChange={(event) => update('password', event.target.value)}
          />
          <PasswordField
            ref={fields.register('confirmPassword')}
            label={t('register.confirmPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            value={form.confirmPassword}
            error={errorFor('confirmPassword')}
            onChange={(event) => update('confirmPassword', event.target.value)}
          />
          <TextField
            ref={fields.register('name')}
            label={t('register.name')}
            name="name"
            autoComplete="name"
            value={form.name}
            error={errorFor('name')}
            hint={t('register.nameHint')}
            onChange={(event) => update('name', filterNameInput(event.target.value))}
          />
          <TextField
            ref={fields.register('phone')}
            label={t('register.phone')}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder="010-1234-5678"
            value={form.phone}
            error={errorFor('phone')}
            onChange={(event) => update('phone', formatPhone344(event.target.value))}
          />
          <input type="hidden" name="referralCode" value={referralCode} />
          {referralCode ? (
            <p className="note" data-testid="referral-note">
              {t('register.referralApplied', { code: referralCode })}
            </p>
          ) : null}
          <button type="submit" className="btn btn--primary btn--block btn--lg">
            {t('register.next')}
          </button>
        </form>
      ) : (
        <form className="form" onSubmit={createAccount} noValidate data-testid="kyc-form">
          <ImagePicker file={image} onChange={chooseImage} disabled={submitting} label={t('kyc.choose')} />
          <p className="note">{t('kyc.privacyNote')}</p>
          <div className="form__actions">
            <button type="button" className="btn btn--ghost" disabled={submitting} onClick={() => setStep(1)}>
              {t('common.back')}
            </button>
            <button type="submit" className="btn btn--primary btn--grow" disabled={submitting}>
              {submitting ? <span className="spinner spinner--inline" /> : null}
              {t('register.createAccount')}
            </button>
          </div>
        </form>
      )}
      {popup ? <MessageDialog message={popup} onClose={() => setPopup(null)} /> : null}
    </AuthCard>
  );
}
