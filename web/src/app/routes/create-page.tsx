import { type ReactNode, useEffect, useRef, useState } from 'react';
import { threadMessages } from '#shared/messages/threads';
import type { ToastText } from '#shared/messages/toast-text';
import { useToast } from '#web/components/ui/use-toast';
import { CreditsSummary } from '#web/features/create/components/credits-summary';
import { GenerateStep } from '#web/features/create/components/generate-step';
import { InputStep } from '#web/features/create/components/input-step';
import { PreviewStep } from '#web/features/create/components/preview-step';
import { SensitiveContentDialog } from '#web/features/create/components/sensitive-content-dialog';
import { StepIndicator } from '#web/features/create/components/step-indicator';
import { useCreateFlow } from '#web/features/create/hooks/use-create-flow';
import { useGeneration } from '#web/features/create/hooks/use-generation';
import { useSharedArticle } from '#web/features/create/hooks/use-shared-article';
import { RESTORABLE_STEPS } from '#web/features/create/lib/flow-state';
import { PublicLinkPanel } from '#web/features/public/components/public-link-panel';
import { PublishStep } from '#web/features/publishing/components/publish-step';
import { ShareStep } from '#web/features/publishing/components/share-step';
import { ScheduleActions } from '#web/features/scheduling/components/schedule-actions';
import { useThread } from '#web/features/threads/api/get-thread';
import { ApiError } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth-context';
import { useMe } from '#web/lib/get-me';
import '#web/features/create/create.css';
import '#web/features/scheduling/scheduling.css';

function restoreFailure(error: unknown): ToastText {
  if (error instanceof ApiError && error.status === 404) return threadMessages.restoreNotFound;
  if (error instanceof ApiError && error.status === 403) return threadMessages.restoreAccessDenied;
  if (error instanceof ApiError && error.status === 401) return threadMessages.restoreAuthRequired;
  return threadMessages.restoreFailed;
}

/** /create: the thread creation flow (input, generate, preview, share, publish). */
export function CreatePage() {
  const auth = useAuth();
  const me = useMe();
  const { toast } = useToast();
  const { state, dispatch, pending, clearPending, leaveTo } = useCreateFlow();
  const generation = useGeneration(dispatch, leaveTo);
  const shared = useSharedArticle();
  // The thread's language: '' is the article's own; another asks the AI writer to translate.
  const [threadLanguage, setThreadLanguage] = useState('');

  const showsThread = RESTORABLE_STEPS.includes(state.step) && Boolean(state.threadId);
  const threadQuery = useThread(state.threadId, showsThread && auth.status === 'signedIn', 'restore');
  // The thread id a reload asked to restore (the cache is empty for it), until it is shown or refused.
  const restoring = useRef<string | null>(showsThread ? state.threadId : null);

  // After sign-in, the pending url and tone start a generation once the balance is known.
  const { generate } = generation;
  useEffect(() => {
    if (!pending) return;
    if (auth.status === 'signedOut') {
      clearPending();
      return;
    }
    if (auth.status !== 'signedIn' || me.isPending) return;
    clearPending();
    void generate(pending.url, pending.tone);
  }, [pending, auth.status, me.isPending, clearPending, generate]);

  // Restore after a reload: the thread is fetched by id for this user; any failure returns to the input.
  useEffect(() => {
    if (!showsThread || threadQuery.data) return;
    let failure: ToastText | null = null;
    if (auth.status === 'signedOut') failure = threadMessages.restoreAuthRequired;
    else if (threadQuery.isError) failure = restoreFailure(threadQuery.error);
    if (!failure) return;
    restoring.current = null;
    toast({ ...failure, variant: 'destructive' });
    dispatch({ type: 'restoreFailed' });
  }, [showsThread, threadQuery.data, threadQuery.isError, threadQuery.error, auth.status, toast, dispatch]);

  useEffect(() => {
    const thread = threadQuery.data;
    if (!thread || restoring.current !== thread.id) return;
    restoring.current = null;
    toast({ ...threadMessages.threadRestored, variant: 'success' });
    if (state.hasContent !== thread.posts.length > 0) {
      dispatch({ type: 'contentChanged', hasContent: thread.posts.length > 0 });
    }
  }, [threadQuery.data, state.hasContent, toast, dispatch]);

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
    content = (
      <section className="card create-card generate-status" aria-busy="true">
        <span className="spinner spinner--large" aria-hidden="true" />
        <h2>Restoring Your Thread</h2>
        <p className="muted">Loading your saved thread…</p>
      </section>
    );
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
        onPublished={() => dispatch({ type: 'continueToPublish' })}
        moreActions={({ platforms, ready }) => (
          <ScheduleActions threadId={threadQuery.data.id} platforms={platforms} disabled={!ready} />
        )}
      />
    );
    publicLink = <PublicLinkPanel thread={threadQuery.data} />;
  } else if (state.step === 'publish') {
    content = (
      <PublishStep
        threadId={threadQuery.data.id}
        platforms={state.selectedPlatforms}
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
      {content}
      {publicLink}
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
