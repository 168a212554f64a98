import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { preselectedPackage, showBuyMore } from '#shared/credits';
import { creditMessages, paymentSuccessful } from '#shared/messages/credits';
import { workspaceMessages } from '#shared/messages/workspaces';
import { useToast } from '#web/components/ui/use-toast';
import { paths } from '#web/config/paths';
import { useAuth } from '#web/lib/auth-context';
import { meQueryKey, useMe } from '#web/lib/get-me';
import { useCurrentWorkspace } from '#web/lib/get-workspaces';
import { useCreateCreditCheckout } from '../api/create-credit-checkout';
import { useCreditPackages } from '../api/get-credit-packages';
import { creditTransactionsQueryKey } from '../api/get-credit-transactions';
import { useVerifyCreditPayment } from '../api/verify-credit-payment';
import { BalanceCard } from '../components/balance-card';
import { PurchaseCard } from '../components/purchase-card';
import { UsageHistory } from '../components/usage-history';
import '../credits.css';
import { LoadingState } from '#web/components/ui/loading-state';

/** The plus button and Buy More scroll to the purchase card this long after the click. */
const SCROLL_DELAY_MS = 100;

/** /credits: balance, usage history, purchase; signed-out users are told to sign in instead. */
export function CreditsPage() {
  const { status, user } = useAuth();
  if (status === 'loading') {
    return <LoadingState as="p" spinner={false} />;
  }
  if (status === 'signedOut' || !user) {
    return (
      <section className="page page--narrow card">
        <h1>Credits</h1>
        <p>{creditMessages.signInToAccessCredits}</p>
        <Link className="button button--primary" to={paths.auth.getHref({ redirect: paths.credits.getHref() })}>
          Sign In
        </Link>
      </section>
    );
  }
  return <SignedInCredits userId={user.userId} />;
}

function SignedInCredits({ userId }: { userId: string }) {
  const me = useMe();
  const packages = useCreditPackages();
  const checkout = useCreateCreditCheckout();
  const { toast } = useToast();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const purchaseRef = useRef<HTMLElement>(null);
  usePaymentReturn(userId);

  const selectedId = chosenId ?? (packages.data ? (preselectedPackage(packages.data)?.id ?? null) : null);

  useEffect(() => {
    if (packages.isError) toast({ ...creditMessages.packagesLoadFailed, variant: 'destructive' });
  }, [packages.isError, toast]);

  const scrollToPurchase = () => {
    window.setTimeout(() => {
      purchaseRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      purchaseRef.current?.focus({ preventScroll: true });
    }, SCROLL_DELAY_MS);
  };

  const buy = () => {
    if (!selectedId) return;
    // Opened within the click so no popup blocker stops it; pointed at the checkout once it exists.
    const tab = window.open('', '_blank');
    checkout.mutate(selectedId, {
      onSuccess: ({ url }) => {
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      },
      onError: () => {
        tab?.close();
        toast({ ...creditMessages.purchaseFailed, variant: 'destructive' });
      },
    });
  };

  const credits = me.data?.credits;
  const workspace = useCurrentWorkspace();
  return (
    <div className="page credits-page stack">
      <Link to={paths.home.getHref()} className="small">
        ← Back to Home
      </Link>
      <header className="row">
        <h1>Credits</h1>
        {me.data?.isAdmin ? <span className="badge badge--good">Admin</span> : null}
      </header>
      {workspace && !workspace.personal ? (
        <p className="muted">{workspaceMessages.teamCredits(workspace.name)}</p>
      ) : null}
      {!credits ? (
        <LoadingState as="p" spinner={false}>
          {me.isError ? 'Credit balance unavailable' : creditMessages.loadingCredits}
        </LoadingState>
      ) : (
        <>
          {showBuyMore(credits.availableCredits) ? (
            <div className="notice" role="status">
              <span>You're running low on credits. Buy more to keep generating threads.</span>
              <button type="button" className="button button--primary" onClick={scrollToPurchase}>
                Buy More
              </button>
            </div>
          ) : null}
          <div className="credits-page__grid">
            <BalanceCard
              credits={credits}
              onAddCredits={scrollToPurchase}
              onViewHistory={() => setHistoryOpen((open) => !open)}
              historyOpen={historyOpen}
            />
            <PurchaseCard
              ref={purchaseRef}
              packages={packages.data}
              loading={packages.isPending}
              selectedId={selectedId}
              onSelect={setChosenId}
              onBuy={buy}
              opening={checkout.isPending}
            />
          </div>
          {historyOpen ? <UsageHistory userId={userId} /> : null}
        </>
      )}
    </div>
  );
}

/**
 * The payment return: `?success=true&session_id=…` is verified once, announced, removed from the
 * URL, and the balance and history refetched.
 */
function usePaymentReturn(userId: string) {
  const [params, setParams] = useSearchParams();
  const verify = useVerifyCreditPayment();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const handled = useRef<string | null>(null);
  const sessionId = params.get('success') === 'true' ? params.get('session_id') : null;

  useEffect(() => {
    if (!sessionId || handled.current === sessionId) return;
    handled.current = sessionId;
    verify.mutate(sessionId, {
      onSuccess: ({ credits }) => toast({ ...paymentSuccessful(credits), variant: 'success' }),
      onError: () => toast({ ...creditMessages.paymentVerificationFailed, variant: 'destructive' }),
      onSettled: () => {
        setParams({}, { replace: true });
        void queryClient.invalidateQueries({ queryKey: meQueryKey(userId) });
        void queryClient.invalidateQueries({ queryKey: creditTransactionsQueryKey(userId) });
      },
    });
  }, [sessionId, verify, toast, setParams, queryClient, userId]);
}
