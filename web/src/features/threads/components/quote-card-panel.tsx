import { useId, useState } from 'react';
import { mediaEditorMessages, quoteCardFailed } from '#shared/messages/media';
import {
  QUOTE_CARD_DESIGNS,
  QUOTE_CARD_FORMATS,
  QUOTE_CARD_THEMES,
  type QuoteCardFormat,
  type QuoteCardRequest,
} from '#shared/schemas/media';
import { ErrorState } from '#web/components/ui/error-state';

interface QuoteCardPanelProps {
  /** The words the card shows (the post's source passage). */
  passage: string;
  busy: boolean;
  error: string | null;
  onCreate: (request: QuoteCardRequest) => void;
  onClose: () => void;
}

const FORMAT_NAMES: Record<QuoteCardFormat, string> = {
  landscape: 'Landscape 1200×675',
  portrait: 'Portrait 1080×1350',
};
const FORMATS = Object.keys(QUOTE_CARD_FORMATS) as QuoteCardFormat[];

/** Choose a quote card's design, theme and format against a live preview, then have the server render it. */
export function QuoteCardPanel({ passage, busy, error, onCreate, onClose }: QuoteCardPanelProps) {
  const headingId = useId();
  const [request, setRequest] = useState<Required<QuoteCardRequest>>({
    design: 'classic',
    theme: 'light',
    format: 'landscape',
  });
  const { width, height } = QUOTE_CARD_FORMATS[request.format];

  return (
    <section className="quote-card-panel" aria-labelledby={headingId}>
      <h3 id={headingId} className="small">
        {mediaEditorMessages.quoteCardTitle}
      </h3>
      <div className="quote-card-panel__choices">
        <ChoiceGroup
          legend="Design"
          options={QUOTE_CARD_DESIGNS}
          value={request.design}
          disabled={busy}
          label={capitalized}
          onChange={(design) => setRequest((current) => ({ ...current, design }))}
        />
        <ChoiceGroup
          legend="Theme"
          options={QUOTE_CARD_THEMES}
          value={request.theme}
          disabled={busy}
          label={capitalized}
          onChange={(theme) => setRequest((current) => ({ ...current, theme }))}
        />
        <ChoiceGroup
          legend="Format"
          options={FORMATS}
          value={request.format}
          disabled={busy}
          label={(format) => FORMAT_NAMES[format]}
          onChange={(format) => setRequest((current) => ({ ...current, format }))}
        />
      </div>
      {/* A sketch of the card (the server renders the real one with its fonts and the credit). */}
      <div
        className={`quote-card-preview quote-card-preview--${request.design} quote-card-preview--${request.theme}`}
        style={{ aspectRatio: `${width} / ${height}` }}
        data-testid="quote-card-preview"
        aria-hidden="true"
      >
        <blockquote>{passage}</blockquote>
      </div>
      {error ? <ErrorState>{quoteCardFailed(error)}</ErrorState> : null}
      <div className="quote-card-panel__actions">
        <button type="button" className="button button--small" disabled={busy} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--small button--primary"
          disabled={busy}
          onClick={() => onCreate(request)}
        >
          {busy ? mediaEditorMessages.quoteCardCreating : mediaEditorMessages.quoteCardCreate}
        </button>
      </div>
    </section>
  );
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  options: readonly T[];
  value: T;
  disabled: boolean;
  label: (value: T) => string;
  onChange: (value: T) => void;
}

/** A labelled group of radio buttons (arrow keys move between them, as native radios do). */
function ChoiceGroup<T extends string>({ legend, options, value, disabled, label, onChange }: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className="quote-card-panel__choice">
      <legend className="small">{legend}</legend>
      {options.map((option) => (
        <label key={option} className="small">
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            disabled={disabled}
            onChange={() => onChange(option)}
          />{' '}
          {label(option)}
        </label>
      ))}
    </fieldset>
  );
}

function capitalized(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
