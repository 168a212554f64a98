import { type ReactNode, Suspense, useEffect, useState } from 'react';
import type { ChosenAccounts } from '#shared/schemas/publishing';
import { LoadingState } from '#web/components/ui/loading-state';
import { CreditsSummary } from '#web/features/create/components/credits-summary';
import { GenerateStep } from '#web/features/create/components/generate-step';
import { InputStep } from '#web/features/create/components/input-step';
import { RestoringThread } from '#web/features/create/components/restoring-thread';
import { SensitiveContentDialog } from '#web/features/create/components/sensitive-content-dialog';
import { StepIndicator } from '#web/features/create/components/step-indicator';
import { useCreateFlow } from '#web/features/create/hooks/use-create-flow';
import { useGeneration } from '#web/features/create/hooks/use-generation';
import { usePendingGeneration } from '#web/features/create/hooks/use-pending-generation';
import { useRestoredDraft } from '#web/features/create/hooks/use-restored-draft';
import { useSharedArticle } from '#web/features/create/hooks/use-shared-article';
import { type CreateStep, showsSavedThread } from '#web/features/create/lib/flow-state';
import { useThread } from '#web/features/threads/api/get-thread';
import { useAuth } from '#web/lib/auth-context';
import { useMe } from '#web/lib/get-me';
import { lazyNamed } from '#web/lib/lazy-named';
import '#web/features/create/create.css';
import '#web/features/scheduling/scheduling.css';

// The steps after the input are loaded when the flow is about to reach them: the post editor, X's post
// counter (twitter-text), the platform lists and the scheduling dialog are most of the page's code, and
// none of it is needed to paste a link (`npm run bench:web` holds /create's first load under 200 kB).
const PreviewStep = lazyNamed(() => import('#web/features/create/components/preview-step'), 'PreviewStep');
const ShareStep = lazyNamed(() => import('#web/features/publishing/components/share-step'), 'ShareStep');
const ScheduleActions = lazyNamed(
  () => import('#web/features/scheduling/components/schedule-actions'),
  'ScheduleActions',
);
const PublicLinkPanel = lazyNamed(() => import('#web/features/public/components/public-link-panel'), 'PublicLinkPanel');
const PublishStep = lazyNamed(() => import('#web/features/publishing/components/publish-step'), 'PublishStep');

/**
 * Fetches the code of the steps after the current one, a step ahead: the preview's once a generation
 * starts (the job takes longer than its chunk), the share and publish steps' once the preview shows.
 */
function usePreloadedSteps(step: CreateStep, generating: boolean): void {
  useEffect(() => {
    if (step === 'input' && !generating) return;
    PreviewStep.preload();
    if (step === 'input' || step === 'generate') return;
    for (const later of [ShareStep, ScheduleActions, PublicLinkPanel, PublishStep]) later.preload();
  }, [step, generating]);
}

/** /create: the thread creation flow (input, generate, preview, share, publish). */
export function CreatePage() {
  const auth = useAuth();
  const me = useMe();
  const { state, dispatch, pending, clearPending, leaveTo } = useCreateFlow();
  const generation = useGeneration(dispatch, leaveTo);
  const shared = useSharedArticle();
  // The thread's language: '' is the article's own; another asks the AI writer to translate.
  const [threadLanguage, setThreadLanguage] = useState('');
  // The accounts the share step published to (platforms with several), for the publish step's rows.
  const [publishedAccounts, setPublishedAccounts] = useState<ChosenAccounts | undefined>(undefined);

  const threadQuery = useThread(state.threadId, showsSavedThread(state) && auth.status === 'signedIn', 'restore');
  usePendingGeneration(pending, clearPending, generation.generate);
  useRestoredDraft(state, dispatch, threadQuery);
  usePreloadedSteps(state.step, generation.phase !== 'idle');

  const backToInput = () => {
    generation.abandon();
    dispatch({ type: 'backToInput' });
  };

  let content: ReactNode;
  // The share step also offers the thread's public link.
  let publicLink: ReactNode = null;
  if (state.step === 'input') {
    content = (
      <InputStep
        url={state.url}
        hint={shared && shared.url === state.url ? shared.hint : null}
        tone={state.tone}
        phase={generation.phase}
        extraction={generation.extraction}
        extractionError={generation.extractionError}
        availableCredits={me.data?.credits.availableCredits}
        waitingForCredits={generation.waitingForCredits || (pending !== null && auth.status !== 'signedOut')}
        onUrlChange={(url) => {
          clearPending();
          generation.clearInputFeedback();
          dispatch({ type: 'urlChanged', url });
        }}
        onToneChange={(tone) => {
          clearPending();
          dispatch({ type: 'toneChanged', tone });
        }}
        language={threadLanguage}
        onLanguageChange={setThreadLanguage}
        onGenerate={(url, tone) => {
          clearPending();
          void generation.generate(url, tone, undefined, threadLanguage || undefined);
        }}
        onPickSample={(url, tone) => {
          clearPending();
          generation.clearInputFeedback();
          dispatch({ type: 'urlChanged', url });
          void generation.generate(url, tone);
        }}
      />
    );
  } else if (state.step === 'generate') {
    content = (
      <GenerateStep
        failure={generation.failure}
        rights={generation.extraction?.rights}
        retryCount={state.retryCount}
        onRetry={generation.retry}
        onBack={backToInput}
      />
    );
  } else if (!threadQuery.data) {
    content = <RestoringThread />;
  } else if (state.step === 'share') {
    content = (
      <ShareStep
        thread={threadQuery.data}
        selected={state.selectedPlatforms}
        onSelectedChange={(platforms) => dispatch({ type: 'platformsChanged', platforms })}
        onTargetSelected={(platform, channelId) => {
          if (platform === 'discord') dispatch({ type: 'discordChannelChanged', channelId });
        }}
        onBack={() => dispatch({ type: 'backToPreview' })}
        onPublished={(accounts) => {
          setPublishedAccounts(accounts);
          dispatch({ type: 'continueToPublish' });
        }}
        moreActions={({ platforms, ready, readyButAccounts, linkPlacements, quotes, plug, accounts }) => (
          <ScheduleActions
            threadId={threadQuery.data.id}
            platforms={platforms}
            linkPlacements={linkPlacements}
            quotes={quotes}
            plug={plug}
            accounts={accounts}
            disabled={!ready}
            queueDisabled={!readyButAccounts}
          />
        )}
      />
    );
    publicLink = <PublicLinkPanel thread={threadQuery.data} />;
  } else if (state.step === 'publish') {
    content = (
      <PublishStep
        threadId={threadQuery.data.id}
        platforms={state.selectedPlatforms}
        accounts={publishedAccounts}
        onBack={() => dispatch({ type: 'backToShare' })}
      />
    );
  } else {
    const thread = threadQuery.data;
    content = (
      <PreviewStep
        key={`${thread.id}:${generation.threadVersion}`}
        thread={thread}
        busy={generation.phase !== 'idle'}
        onRegenerate={() => generation.regenerate(thread, state.tone)}
        onBackToInput={backToInput}
        onContinue={() => dispatch({ type: 'continueToShare' })}
      />
    );
  }

  const extraction = generation.extraction;
  return (
    <section className="page create-page">
      <header className="create-page__header">
        <div>
          <h1>Create Thread</h1>
          <p className="muted">Turn an article into a thread that credits and links its author.</p>
        </div>
        <CreditsSummary />
      </header>
      <StepIndicator current={state.step} />
      <Suspense fallback={<LoadingState />}>
        {content}
        {publicLink}
      </Suspense>
      <SensitiveContentDialog
        open={generation.sensitiveRequest !== null}
        categories={extraction?.sensitiveCategories ?? []}
        message={extraction?.sensitiveContentMessage ?? null}
        onCancel={generation.cancelSensitive}
        onUseProfessional={generation.confirmProfessionalTone}
      />
    </section>
  );
}
