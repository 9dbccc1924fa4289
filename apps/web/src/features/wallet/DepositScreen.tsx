import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useUserInfo } from '../account/queries.ts';
import { useT } from '../../i18n/I18nProvider.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { PageHeader } from '../layout/PageHeader.tsx';
import { requestFaucet } from './api.ts';
import { useDeposits, useWalletConfig, useWalletStream, walletKeys } from './queries.ts';
import { QrCode } from '../../ui/QrCode.tsx';
import { Steps } from './Steps.tsx';
import { RecentHead, DepositTable } from './WalletTables.tsx';
import styles from './wallet.module.css';

const RECENT_ROWS = 5;
const FAUCET_USDT = 1000;

/** Seed 001 §2 /deposit: crypto, network, then the address with copy and QR; recent deposits, live. */
export function DepositScreen() {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const info = useUserInfo().data;
  const config = useWalletConfig().data;
  const deposits = useDeposits();
  useWalletStream();
  const address = info?.bscAddress ?? '';
  const confirmations = config?.confirmations ?? 0;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
    } catch {
      // Clipboard refused (no permission): the address stays selectable on screen.
    }
    toast(t('deposit.copied'), 'success');
  };
  const faucet = useMutation({
    mutationFn: () => requestFaucet(FAUCET_USDT),
    onSuccess: (answer) => {
      toast(answer.code === 0 ? t('deposit.faucetSent') : answer.message, answer.code === 0 ? 'success' : 'error');
      void queryClient.invalidateQueries({ queryKey: walletKeys.deposits });
    },
  });
  const sending = faucet.isPending;

  return (
    <>
      <PageHeader title={t('deposit.title')} subtitle={t('deposit.subtitle')} />
      <div className={`container section section--tight ${styles.page}`}>
        <section className={`card ${styles.panel}`}>
          <Steps
            steps={[
              { title: t('deposit.step1'), body: <div className={styles.choice}>USDT</div> },
              { title: t('deposit.step2'), body: <div className={styles.choice}>{t('wallet.bsc')}</div> },
              {
                title: t('deposit.step3'),
                body: (
                  <div className={styles.address}>
                    {address ? <QrCode text={address} label={t('deposit.step3')} /> : null}
                    <div className={styles.addressText}>
                      <code data-testid="deposit-address">{address || '-'}</code>
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        onClick={() => void copy()}
                        disabled={!address}
                        data-testid="deposit-copy"
                      >
                        {t('deposit.copy')}
                      </button>
                      <p className={styles.muted}>{t('deposit.addressNote', { confirmations })}</p>
                      {config?.faucet ? (
                        <div className={styles.faucet}>
                          <button
                            type="button"
                            className="btn btn--primary btn--sm"
                            onClick={() => faucet.mutate()}
                            disabled={sending || !address}
                            data-testid="deposit-faucet"
                          >
                            {t('deposit.faucet')}
                          </button>
                          <span className={styles.muted}>{t('deposit.faucetNote')}</span>
                        </div>
                      ) : null}
                    </div>
                  </div>
                ),
              },
            ]}
          />
        </section>
        <RecentHead title={t('deposit.recent')} to="/deposit/history" />
        <DepositTable
          rows={(deposits.data?.deposits ?? []).slice(0, RECENT_ROWS)}
          pending={deposits.isPending}
          confirmations={confirmations}
        />
      </div>
    </>
  );
}
