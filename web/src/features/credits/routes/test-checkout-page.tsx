import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatEuros } from '#shared/credits';
import { creditMessages } from '#shared/messages/credits';
import { useToast } from '#web/components/ui/use-toast';
import { paths } from '#web/config/paths';
import { loadRuntimeConfig } from '#web/config/runtime-config';
import { ApiError } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth-context';
import { useCompleteTestCheckout } from '../api/complete-test-checkout';
import { useCreditPackages } from '../api/get-credit-packages';
import '../credits.css';

/**
 * /credits/test-checkout: the local stack's stand-in for Stripe Checkout when no Stripe key is set.
 * Completing it runs the same fulfilment as a paid Stripe session, then returns to the success URL.
 * The cloud has no API behind it and this page refuses to run there.
 */
export function TestCheckoutPage() {
  const [params] = useSearchParams();
  const { status } = useAuth();
  const runtime = useQuery({
    queryKey: ['runtime-config'],
    queryFn: loadRuntimeConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const packages = useCreditPackages();
  const complete = useCompleteTestCheckout();
  const navigate = useNavigate();
  const { toast } = useToast();
  const packageId = params.get('package_id') ?? '';
  const sessionId = params.get('session_id') ?? '';
  const pkg = packages.data?.find((candidate) => candidate.id === packageId);

  if (runtime.data && runtime.data.mode !== 'local') {
    return (
      <section className="page page--narrow card">
        <h1>Test checkout unavailable</h1>
        <p className="muted">Payments here go through Stripe.</p>
        <Link to={paths.credits.getHref()}>Back to Credits</Link>
      </section>
    );
  }
  if (status === 'signedOut') {
    return (
      <section className="page page--narrow card">
        <p>{creditMessages.signInToAccessCredits}</p>
      </section>
    );
  }
  const pay = () =>
    complete.mutate(
      { sessionId, packageId },
      {
        onSuccess: () => navigate(paths.credits.getHref({ success: true, sessionId }), { replace: true }),
        onError: (error) =>
          toast({
            title: creditMessages.purchaseFailed.title,
            // A session this user was not issued is refused with its own reason (start again from Credits).
            description:
              error instanceof ApiError && error.code === 'checkout_session_not_found'
                ? error.message
                : creditMessages.purchaseFailed.description,
            variant: 'destructive',
          }),
      },
    );
  return (
    <section className="page page--narrow card stack credits-page" aria-labelledby="test-checkout-heading">
      <p className="badge badge--low">TEST MODE · no real payment is taken</p>
      <h1 id="test-checkout-heading">Test checkout</h1>
      {pkg ? (
        <dl className="credits-balance">
          <div>
            <dt>Package</dt>
            <dd>
              {pkg.name} · {pkg.credits} credits
            </dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{formatEuros(pkg.priceCents)}</dd>
          </div>
        </dl>
      ) : (
        <p className="muted">{packages.isPending ? 'Loading package…' : 'Unknown credit package.'}</p>
      )}
      <div className="row">
        <button
          type="button"
          className="button button--primary"
          disabled={!pkg || !sessionId || complete.isPending}
          onClick={pay}
        >
          Complete test payment
        </button>
        <Link className="button" to={paths.credits.getHref()} replace>
          Cancel
        </Link>
      </div>
    </section>
  );
}
