import type { ArticleRights } from '#shared/schemas/article';
import { AlertIcon, ClockIcon } from '#web/components/ui/icons';
import { ShortQuoteBadge } from '../../threads/components/short-quote-badge';
import { busyScreen } from '../lib/busy-retry';
import type { GenerateStepFailure } from '../lib/generation-machine';

const PROGRESS_LINES = ['Extracting article content', 'Generating thread with AI', 'Finalizing your posts'];

interface GenerateStepProps {
  failure: GenerateStepFailure | null;
  /** The extracted article's rights: the thread is being written in short-quote mode when they limit it. */
  rights: ArticleRights | undefined;
  retryCount: number;
  onRetry: () => void;
  onBack: () => void;
}

/** The generate step: progress while the job runs, or the busy / failure screen after it. */
export function GenerateStep({ failure, rights, retryCount, onRetry, onBack }: GenerateStepProps) {
  if (failure?.kind === 'busy') {
    const screen = busyScreen(retryCount);
    return (
      <section className="card create-card generate-status generate-status--busy" aria-labelledby="busy-heading">
        <ClockIcon className="generate-status__icon generate-status__icon--busy" width={40} height={40} />
        <h2 id="busy-heading">{screen.title}</h2>
        <p>{screen.description}</p>
        <p className="muted">{screen.hint}</p>
        <p className="retry-counter" data-testid="retry-counter">
          {screen.attempts}
        </p>
        <div className="row row--center">
          <button type="button" className="button" onClick={onBack}>
            Back to URL Input
          </button>
          {screen.canRetry ? (
            <button type="button" className="button button--primary" onClick={onRetry}>
              Try Again
            </button>
          ) : null}
        </div>
      </section>
    );
  }
  if (failure?.kind === 'failed') {
    return (
      <section className="card create-card generate-status generate-status--failed" aria-labelledby="failed-heading">
        <AlertIcon className="generate-status__icon generate-status__icon--failed" width={40} height={40} />
        <h2 id="failed-heading">Generation Failed</h2>
        <p role="alert">{failure.message}</p>
        <div className="row row--center">
          <button type="button" className="button" onClick={onBack}>
            Back to URL Input
          </button>
          <button type="button" className="button button--primary" onClick={onRetry}>
            Try Again
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="card create-card generate-status" aria-labelledby="progress-heading" aria-busy="true">
      <span className="spinner spinner--large" aria-hidden="true" />
      <h2 id="progress-heading">Generating your thread</h2>
      <p className="muted">Our AI is analysing the article content and writing your posts.</p>
      <ShortQuoteBadge rights={rights} explain />
      <ol className="progress-lines">
        {PROGRESS_LINES.map((line, index) => (
          <li key={line} className="progress-lines__item" style={{ animationDelay: `${index * 1.2}s` }}>
            <span className="progress-lines__dot" aria-hidden="true" />
            {line}
          </li>
        ))}
      </ol>
      <p className="small muted">1 credit is consumed only on successful completion.</p>
      <button type="button" className="button" onClick={onBack}>
        Back to URL Input
      </button>
    </section>
  );
}
