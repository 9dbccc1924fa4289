import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { register } from '../../api/accounts.ts';
import { isSuccess } from '../../api/client.ts';
import { EmailField, PhoneField } from '../../features/account/AccountFields.tsx';
import { AuthCard } from '../../features/account/AuthCard.tsx';
import { ImagePicker } from '../../features/account/ImagePicker.tsx';
import { uploadVerificationImage } from '../../features/account/kycImage.ts';
import { filterNameInput, formatPhone344, isAcceptedImage } from '../../features/account/inputRules.ts';
import { ReferralNote } from '../../features/account/ReferralNote.tsx';
import { runRegisterCheck } from '../../features/account/registerCheck.ts';
import { useAccountForm } from '../../features/account/useAccountForm.ts';
import { validateRegisterStep1 } from '../../features/account/validation.ts';
import type { RegisterField } from '../../features/account/validation.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { TextField } from '../../ui/Field.tsx';
import { MessageDialog } from '../../ui/Modal.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useToast } from '../../ui/Toast.tsx';
import styles from './RegisterPage.module.css';

/** Seeds §9: after a successful registration, go to /login after 1 second. */
const REDIRECT_AFTER_REGISTER_MS = 1000;

function StepIndicator({ step }: { step: 1 | 2 }) {
  const t = useT();
  return (
    <ol className={styles.stepper} aria-label={t('register.progress')}>
      <li className={step === 1 ? styles.current : styles.done}>
        <span className={styles.dot}>1</span> {t('register.stepAccount')}
      </li>
      <li className={step === 2 ? styles.current : undefined}>
        <span className={styles.dot}>2</span> {t('register.stepKyc')}
      </li>
    </ol>
  );
}

/**
 * Seed 000 §2/§4/§5/§8: two-step registration with a KYC photo; the referral code comes from /register/:code.
 * #18: step 1 asks the server what registration would refuse (password rule, taken id, unknown code) before step 2,
 * so no photo is uploaded for an attempt that cannot succeed.
 */
export default function RegisterPage() {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const { code } = useParams();
  const [step, setStep] = useState<1 | 2>(1);
  const { values, bind, check, showError } = useAccountForm<RegisterField>({
    initial: { email: '', password: '', confirmPassword: '', name: '', phone: '' },
    validate: validateRegisterStep1,
  });
  const [image, setImage] = useState<File | null>(null);
  const [popup, setPopup] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [referralCode, setReferralCode] = useState(code ?? '');
  const [codeProblem, setCodeProblem] = useState<string | null>(null);

  useEffect(() => () => (redirectTimer.current ? clearTimeout(redirectTimer.current) : undefined), []);

  // A link's code is checked on arrival, alone (nothing else is filled in yet).
  useEffect(() => {
    if (!code) return;
    let current = true;
    void runRegisterCheck({ referralCode: code }).then((result) => {
      if (current && !result.ok && result.field === 'referralCode') setCodeProblem(result.message);
    });
    return () => {
      current = false;
    };
  }, [code]);

  const dropCode = () => {
    setReferralCode('');
    setCodeProblem(null);
  };

  const stepCheck = useMutation({
    mutationFn: runRegisterCheck,
    onSuccess: (result) => {
      if (result.ok) return setStep(2);
      if (result.field === 'referralCode') return setCodeProblem(result.message);
      if (result.field) return showError(result.field, result.message);
      setPopup(result.message ?? t('register.failed'));
    },
  });
  const checking = stepCheck.isPending;

  const next = (event: FormEvent): void => {
    event.preventDefault();
    if (checking || !check()) return;
    stepCheck.mutate({ userid: values.email.trim(), password: values.password, referralCode });
  };

  /** True when the account was created; false when the form is back for another try. */
  const creation = useMutation({
    mutationFn: async (file: File): Promise<boolean> => {
      const verificationImage = await uploadVerificationImage(file);
      // Seeds §8: an upload failure clears the image and re-enables the button, with no message.
      if (!verificationImage) {
        setImage(null);
        return false;
      }
      const answer = await register({
        userid: values.email.trim(),
        password: values.password,
        name: values.name,
        phone: values.phone,
        referralCode,
        verificationImage,
      });
      if (answer.httpStatus !== 200) throw new Error(`HTTP ${answer.httpStatus}`);
      if (!isSuccess(answer)) {
        setPopup(answer.message);
        return false;
      }
      return true;
    },
    onSuccess: (created) => {
      if (!created) return;
      toast(t('register.success'), 'success');
      // #18: the login screen opens with the new id filled in (BrowserRouter's navigate returns nothing to wait for).
      const userid = values.email.trim();
      redirectTimer.current = setTimeout(
        () => void navigate('/login', { state: { userid } }),
        REDIRECT_AFTER_REGISTER_MS,
      );
    },
    onError: () => toast(t('register.failed'), 'error'),
  });
  // A created account keeps the form disabled until the redirect.
  const submitting = creation.isPending || creation.data === true;

  const createAccount = (event: FormEvent): void => {
    event.preventDefault();
    if (submitting) return;
    if (!isAcceptedImage(image)) return toast(t('kyc.selectImage'), 'error');
    creation.mutate(image);
  };

  return (
    <AuthCard
      title={t(step === 1 ? 'register.title' : 'register.kycTitle')}
      subtitle={t(step === 1 ? 'register.subtitle' : 'register.kycSubtitle')}
      links={[{ to: '/login', label: 'nav.login', prompt: 'register.haveAccount' }]}
    >
      <StepIndicator step={step} />
      {step === 1 ? (
        <form className="form" onSubmit={next} noValidate data-testid="register-form">
          <EmailField
            {...bind('email')}
            label={t('register.email')}
            type="email"
            autoComplete="email"
            spellCheck={false}
          />
          <PasswordField
            {...bind('password')}
            label={t('register.password')}
            autoComplete="new-password"
            hint={t('register.passwordRule')}
          />
          <PasswordField
            {...bind('confirmPassword')}
            label={t('register.confirmPassword')}
            autoComplete="new-password"
          />
          <TextField
            {...bind('name', filterNameInput)}
            label={t('register.name')}
            autoComplete="name"
            hint={t('register.nameHint')}
          />
          <PhoneField {...bind('phone', formatPhone344)} label={t('register.phone')} />
          <input type="hidden" name="referralCode" value={referralCode} />
          <ReferralNote code={referralCode} problem={codeProblem} onDrop={dropCode} />
          <SubmitButton busy={checking} spinner>
            {t('register.next')}
          </SubmitButton>
        </form>
      ) : (
        <form className="form" onSubmit={createAccount} noValidate data-testid="kyc-form">
          <ImagePicker file={image} onChange={setImage} disabled={submitting} label={t('kyc.choose')} />
          <p className="note">{t('kyc.privacyNote')}</p>
          <div className={styles.actions}>
            <button type="button" className="btn btn--ghost" disabled={submitting} onClick={() => setStep(1)}>
              {t('common.back')}
            </button>
            <button type="submit" className={`btn btn--primary ${styles.grow}`} disabled={submitting}>
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
