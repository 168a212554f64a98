import { languageName } from '#shared/languages';
import { threadLanguageMessages } from '#shared/messages/generation';
import type { Thread } from '#shared/schemas/thread';

const texts = threadLanguageMessages;

/**
 * The thread's language under the preview: what it is written in, 'Translated from …' when the
 * model translated it, and a note when the offline writer had no voice for the tone in that language.
 */
export function ThreadLanguageNote({
  thread,
}: {
  thread: Pick<Thread, 'language' | 'translatedFrom' | 'voiceTone' | 'tone'>;
}) {
  if (!thread.language) return null;
  const name = languageName(thread.language);
  return (
    <div className="thread-language" data-testid="thread-language">
      <p className="small muted">
        {thread.translatedFrom ? texts.translatedFrom(languageName(thread.translatedFrom)) : texts.threadLanguage(name)}
      </p>
      {thread.voiceTone && thread.voiceTone !== thread.tone ? (
        <div className="banner banner--warning" role="status">
          <p>{texts.voiceFallback(thread.tone, name)}</p>
        </div>
      ) : null}
    </div>
  );
}
