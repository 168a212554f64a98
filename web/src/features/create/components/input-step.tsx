import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { showInputWarning, THREAD_CREDIT_COST } from '#shared/credits';
import { languageName, THREAD_LANGUAGE_CHOICES } from '#shared/languages';
import { creditMessages } from '#shared/messages/credits';
import { generationMessages, sharedArticleMessages, threadLanguageMessages } from '#shared/messages/generation';
import type { ExtractionResult } from '#shared/schemas/article';
import { isTone, TONE_LABELS, TONES, TONES_BLOCKED_WHEN_SENSITIVE, type Tone } from '#shared/tones';
import { validateArticleUrl } from '#shared/url';
import { TermsNotice } from '#web/components/terms-notice';
import { RoleNotice } from '#web/components/ui/role-notice';
import { paths } from '#web/config/paths';
import { useWorkspacePermission } from '#web/lib/get-workspaces';
import { SensitiveCategories } from '../../threads/components/sensitive-categories';
import { ShortQuoteBadge } from '../../threads/components/short-quote-badge';
import { sampleArticleUrl, useSampleArticles } from '../api/get-samples';
import type { GenerationPhase } from '../lib/generation-machine';
import { BookmarkletLink } from './bookmarklet-link';
import { ExtractedContentDialog } from './extracted-content-dialog';

const URL_PLACEHOLDER = 'https://example.com/news/2025/how-cities-are-cooling-their-streets';

interface InputStepProps {
  url: string;
  /** The text the Share menu or the bookmarklet sent with this URL, shown beside the field. */
  hint: string | null;
  tone: Tone;
  phase: GenerationPhase;
  extraction: ExtractionResult | null;
  extractionError: string | null;
  /** The signed-in balance, or undefined while unknown or signed out. */
  availableCredits: number | undefined;
  waitingForCredits: boolean;
  onUrlChange: (url: string) => void;
  onToneChange: (tone: Tone) => void;
  /** The thread's language chosen ('' for the article's own) and its change. */
  language?: string;
  onLanguageChange?: (language: string) => void;
  onGenerate: (url: string, tone: Tone) => void;
  /** "Try an example": fills in a sample article's URL and generates from it. */
  onPickSample: (url: string, tone: Tone) => void;
}

/** The input step: article URL, tone, Generate Thread (1 credit) and what the content check found. */
export function InputStep({
  url,
  hint,
  tone,
  phase,
  extraction,
  extractionError,
  availableCredits,
  waitingForCredits,
  onUrlChange,
  onToneChange,
  language = '',
  onLanguageChange,
  onGenerate,
  onPickSample,
}: InputStepProps) {
  const urlId = useId();
  const urlErrorId = useId();
  const hintId = useId();
  const toneId = useId();
  const languageId = useId();
  const [viewingExtraction, setViewingExtraction] = useState(false);
  const checked = validateArticleUrl(url);
  const showUrlError = url.trim() !== '' && !checked.ok;
  const sensitive = extraction?.isSensitiveContent ?? false;
  const busy = phase !== 'idle';
  const canWrite = useWorkspacePermission('write').allowed;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checked.ok && !busy && canWrite) onGenerate(url, tone);
  };

  return (
    <section className="card create-card" aria-labelledby={`${urlId}-heading`}>
      <h2 id={`${urlId}-heading`}>Paste an article link</h2>
      <p className="muted small">
        ThreadSnip reads the article and writes a thread of short posts; the last post credits the author and links the
        original.
      </p>
      {availableCredits !== undefined && showInputWarning(availableCredits) ? (
        <p className="notice notice--warning" role="status">
          You need at least {THREAD_CREDIT_COST} credit to generate a thread.{' '}
          <Link to={paths.credits.getHref()}>Get more credits</Link>
        </p>
      ) : null}
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={urlId}>Article URL</label>
          <input
            id={urlId}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder={URL_PLACEHOLDER}
            value={url}
            aria-invalid={showUrlError || undefined}
            aria-describedby={[showUrlError ? urlErrorId : '', hint ? hintId : ''].join(' ').trim() || undefined}
            onChange={(event) => onUrlChange(event.target.value)}
          />
          {showUrlError ? (
            <p id={urlErrorId} className="field__error">
              {generationMessages.invalidUrl}
            </p>
          ) : null}
          {hint ? (
            <blockquote id={hintId} className="field__hint">
              <span className="field__hint-label">{sharedArticleMessages.hintLabel}</span> {hint}
            </blockquote>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={toneId}>Thread Tone</label>
          <select
            id={toneId}
            value={tone}
            onChange={(event) => {
              if (isTone(event.target.value)) onToneChange(event.target.value);
            }}
          >
            {TONES.map((option) => (
              <option key={option} value={option} disabled={sensitive && TONES_BLOCKED_WHEN_SENSITIVE.includes(option)}>
                {TONE_LABELS[option]}
              </option>
            ))}
          </select>
          {sensitive ? (
            <p className="small muted">Casual and humorous tones are disabled for sensitive content.</p>
          ) : null}
        </div>

        {onLanguageChange ? (
          <div className="field">
            <label htmlFor={languageId}>{threadLanguageMessages.threadLanguageLabel}</label>
            <select id={languageId} value={language} onChange={(event) => onLanguageChange(event.target.value)}>
              <option value="">
                {extraction?.language
                  ? `${threadLanguageMessages.articleLanguageOption} (${languageName(extraction.language)})`
                  : threadLanguageMessages.articleLanguageOption}
              </option>
              {THREAD_LANGUAGE_CHOICES.filter((option) => option !== extraction?.language).map((option) => (
                <option key={option} value={option}>
                  {languageName(option)}
                </option>
              ))}
            </select>
          </div>
        ) : null}

        {extractionError ? (
          <div className="notice notice--warning" role="alert">
            <strong>We couldn't read that article.</strong> {extractionError}
          </div>
        ) : null}
        {extraction?.isSensitiveContent ? (
          <div className="notice notice--warning" role="status">
            <strong>Sensitive content.</strong>{' '}
            {extraction.sensitiveContentMessage ?? 'This article covers sensitive topics.'}
            <SensitiveCategories categories={extraction.sensitiveCategories} />
          </div>
        ) : null}
        {extraction && extraction.themes.length > 0 ? (
          <div className="notice notice--info" role="status">
            <strong>Themes found:</strong>{' '}
            <ul className="chip-list chip-list--inline" aria-label="Themes">
              {extraction.themes.map((theme) => (
                <li key={theme} className="chip">
                  #{theme}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {/* Before any credit is spent: the thread will be written in short-quote mode. */}
        <ShortQuoteBadge rights={extraction?.rights} explain />
        {extraction ? (
          <div>
            <button type="button" className="link-button" onClick={() => setViewingExtraction(true)}>
              View Extracted Content
            </button>
          </div>
        ) : null}
        {waitingForCredits ? (
          <div className="inline-status" role="status">
            <span className="spinner" aria-hidden="true" /> {creditMessages.loadingCredits}
          </div>
        ) : null}

        <RoleNotice permission="write" />
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={!checked.ok || busy || !canWrite}
        >
          {phase === 'checking' ? (
            <>
              <span className="spinner spinner--light" aria-hidden="true" /> {generationMessages.checkingContent}
            </>
          ) : (
            <>
              Generate Thread <span className="cost-badge">{THREAD_CREDIT_COST} credit</span>
            </>
          )}
        </button>
        <TermsNotice className="small muted" />
      </form>
      <SampleArticles disabled={busy} onPick={(sampleUrl) => onPickSample(sampleUrl, tone)} />
      <BookmarkletLink />
      {extraction ? (
        <ExtractedContentDialog
          url={extraction.url}
          open={viewingExtraction}
          onClose={() => setViewingExtraction(false)}
          title="Extracted Content"
        />
      ) : null}
    </section>
  );
}

/** "Try an example": the sample articles the local stack serves, one click to a thread. */
function SampleArticles({ disabled, onPick }: { disabled: boolean; onPick: (url: string) => void }) {
  const samples = useSampleArticles();
  if (!samples.data || samples.data.length === 0) return null;
  return (
    <section className="samples" aria-labelledby="samples-heading">
      <h3 id="samples-heading" className="samples__heading">
        Try an example
      </h3>
      <p className="small muted">Sample articles served by your local ThreadSnip: no internet or API key needed.</p>
      <ul className="samples__list">
        {samples.data.map((sample) => (
          <li key={sample.slug}>
            <button
              type="button"
              className="sample"
              disabled={disabled}
              onClick={() => onPick(sampleArticleUrl(window.location.origin, sample.slug))}
            >
              <span className="sample__title">{sample.title}</span>
              <span className="sample__description">{sample.description}</span>
              {sample.sensitive ? <span className="badge badge--warning">Sensitive</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
