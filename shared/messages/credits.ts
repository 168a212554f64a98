import type { ToastText } from './toast-text';

// Credit balance and payment texts, word for word as the spec has them (tests/fixtures/spec.md).

/** Balance, spending and payment texts. */
export const creditMessages = {
  insufficientCredits: {
    title: 'Insufficient Credits',
    description: "You don't have enough credits to generate a thread. Please purchase more credits.",
  },
  insufficientCreditsToGenerate: {
    title: 'Insufficient Credits',
    description: 'You need at least 1 credit to generate a thread. Please purchase more credits to continue.',
  },
  creditProcessingFailed: { title: 'Error', description: 'Failed to process credit. Please try again.' },
  creditError: {
    title: 'Credit Error',
    description: 'Thread generated but there was an issue with credit processing.',
  },
  packagesLoadFailed: { title: 'Error', description: 'Failed to load credit packages. Please try again.' },
  paymentVerificationFailed: {
    title: 'Payment Verification Failed',
    description: "Please contact support if credits weren't added to your account.",
  },
  purchaseFailed: { title: 'Purchase Failed', description: 'Failed to create checkout session. Please try again.' },
  signInToAccessCredits: 'Please sign in to access your credits',
  loadingCredits: 'Loading Credits',
  mostPopular: 'Most Popular',
} as const satisfies Record<string, ToastText | string>;

/** 'Payment Successful!': '{n} credits have been added to your account.' */
export function paymentSuccessful(credits: number): ToastText {
  return { title: 'Payment Successful!', description: `${credits} credits have been added to your account.` };
}
