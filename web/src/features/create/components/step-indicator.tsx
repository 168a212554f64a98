import { CREATE_STEPS, type CreateStep, STEP_LABELS, stepStatus } from '../lib/flow-state';

const STATUS_TEXT = { done: 'done', current: 'current step', upcoming: 'not started' } as const;

/** The five steps of /create: earlier steps are done; clicking a step only scrolls back to the top. */
export function StepIndicator({ current }: { current: CreateStep }) {
  return (
    <nav className="steps" aria-label="Thread creation progress">
      <ol className="steps__list">
        {CREATE_STEPS.map((step, index) => {
          const status = stepStatus(step, current);
          return (
            <li key={step} className={`steps__item steps__item--${status}`}>
              <button
                type="button"
                className="steps__button"
                aria-current={status === 'current' ? 'step' : undefined}
                onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
              >
                <span className="steps__marker" aria-hidden="true">
                  {status === 'done' ? '✓' : index + 1}
                </span>
                <span className="steps__label">{STEP_LABELS[step]}</span>
                <span className="visually-hidden"> ({STATUS_TEXT[status]})</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
