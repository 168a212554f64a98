import { useId } from 'react';
import { plugMessages } from '#shared/messages/publishing';
import { MAX_PLUG_THRESHOLD } from '#shared/publishing/plug';

interface PlugFieldProps {
  enabled: boolean;
  threshold: string;
  problem: string | null;
  onEnabledChange: (enabled: boolean) => void;
  onThresholdChange: (threshold: string) => void;
}

/** The plug's opt-in: on or off, and the first post's likes and reposts within 48 hours that fire it. */
export function PlugField({ enabled, threshold, problem, onEnabledChange, onThresholdChange }: PlugFieldProps) {
  const id = useId();
  return (
    <fieldset className="field stack">
      <label>
        <input type="checkbox" checked={enabled} onChange={(event) => onEnabledChange(event.target.checked)} />{' '}
        {plugMessages.label}
      </label>
      <label htmlFor={`${id}-threshold`}>{plugMessages.thresholdLabel}</label>
      <input
        id={`${id}-threshold`}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_PLUG_THRESHOLD}
        step={1}
        value={threshold}
        disabled={!enabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        onChange={(event) => onThresholdChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="small muted">
        {plugMessages.hint}
      </p>
      {problem ? (
        <p id={`${id}-problem`} className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
