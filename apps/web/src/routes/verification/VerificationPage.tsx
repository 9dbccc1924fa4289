import { ApproveStatus } from '@tickline/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { updateKyc } from '../../api/accounts.ts';
import { isSuccess } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { AuthCard } from '../../features/account/AuthCard.tsx';
import { ImagePicker } from '../../features/account/ImagePicker.tsx';
import { uploadVerificationImage } from '../../features/account/kycImage.ts';
import { isAcceptedImage } from '../../features/account/inputRules.ts';
import { accountKeys, useUserInfo } from '../../features/account/queries.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useToast } from '../../ui/Toast.tsx';

/** Seeds §9: after a successful KYC update, go back one page after 1 second. */
const BACK_AFTER_UPDATE_MS = 1000;

/** #18: a verified user is told so instead of being invited to upload again (the server refuses it anyway). */
function Verified() {
  const t = useT();
  return (
    <div className="stack" data-testid="kyc-verified">
      <p className="kyc-status__text tone--success">
        <span className="status-dot status-dot--success" />
        {t('profile.kycVerified')}
      </p>
      <p className="muted">{t('kyc.verifiedBody')}</p>
      <Link to="/profile" className="btn btn--primary btn--block">
        {t('kyc.toProfile')}
      </Link>
    </div>
  );
}

/** Seed 000 §2/§4/§5/§8: re-upload the KYC photo; Update is disabled while uploading. */
export default function VerificationPage() {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { accessToken } = useSession();
  const info = useUserInfo();
  const [image, setImage] = useState<File | null>(null);
  const backTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => (backTimer.current ? clearTimeout(backTimer.current) : undefined), []);

  const goBack = () => {
    // Opened directly (no page of ours to return to): the profile is where KYC status lives.
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    // BrowserRouter's navigate returns nothing to wait for (the promise in its type is the data routers').
    if (historyIndex > 0) void navigate(-1);
    else void navigate('/profile', { replace: true });
  };

  const update = useMutation({
    mutationFn: async (file: File) => {
      const reference = await uploadVerificationImage(file);
      // Seeds §8: an upload failure clears the selection.
      if (!reference) return setImage(null);
      const answer = await updateKyc(reference);
      if (answer.httpStatus !== 200) return toast(t('register.failed'), 'error');
      if (!isSuccess(answer)) return toast(answer.message, 'error');
      void queryClient.invalidateQueries({ queryKey: accountKeys.info });
      toast(t('kyc.updated'), 'success');
      backTimer.current = setTimeout(goBack, BACK_AFTER_UPDATE_MS);
    },
    onError: () => toast(t('register.failed'), 'error'),
  });
  const uploading = update.isPending;

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (uploading) return;
    if (!isAcceptedImage(image)) return toast(t('kyc.selectImage'), 'error');
    update.mutate(image);
  };

  const verified = info.data?.approveStatus === ApproveStatus.Verified;
  // The form waits for the status (a verified user should not see it flash); a failed status read shows it.
  const statusPending = accessToken !== null && info.isPending;
  return (
    <AuthCard title={t('kyc.title')} subtitle={verified ? undefined : t('kyc.subtitle')}>
      {statusPending ? (
        <span className="skeleton skeleton--text" />
      ) : verified ? (
        <Verified />
      ) : accessToken ? (
        <form className="form" onSubmit={submit} noValidate data-testid="verification-form">
          <ImagePicker file={image} onChange={setImage} disabled={uploading} label={t('kyc.choose')} />
          <p className="note">{t('kyc.privacyNote')}</p>
          <SubmitButton busy={uploading} spinner>
            {t('kyc.update')}
          </SubmitButton>
        </form>
      ) : (
        <div className="stack">
          <p className="muted">{t('kyc.loginFirst')}</p>
          <Link to="/login" className="btn btn--primary btn--block">
            {t('nav.login')}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}
