import { type FormEvent, useState } from 'react';
import { platformConnected, platformConnectionFailed, platformMessages } from '#shared/messages/connections';
import { useToast } from '#web/components/ui/use-toast';
import { useConnectTelegram } from '../api/connect-telegram';

/** Bot token, chat id and optional chat title; both required ('Bot Details Required'). */
export function TelegramConnectForm({ submitLabel, onDone }: { submitLabel: string; onDone?: () => void }) {
  const [botToken, setBotToken] = useState('');
  const [chatId, setChatId] = useState('');
  const [chatTitle, setChatTitle] = useState('');
  const connect = useConnectTelegram();
  const { toast } = useToast();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!botToken.trim() || !chatId.trim()) {
      toast({ ...platformMessages.botDetailsRequired, variant: 'destructive' });
      return;
    }
    connect.mutate(
      {
        botToken: botToken.trim(),
        chatId: chatId.trim(),
        ...(chatTitle.trim() ? { chatTitle: chatTitle.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast({ ...platformConnected('Telegram'), variant: 'success' });
          setBotToken('');
          onDone?.();
        },
        onError: (error) => toast({ ...platformConnectionFailed('Telegram', error.message), variant: 'destructive' }),
      },
    );
  };

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <label className="field">
        <span>Bot token</span>
        <input type="password" autoComplete="off" value={botToken} onChange={(e) => setBotToken(e.target.value)} />
      </label>
      <label className="field">
        <span>Chat ID</span>
        <input value={chatId} onChange={(e) => setChatId(e.target.value)} placeholder="-1001234567890 or @channel" />
      </label>
      <label className="field">
        <span>Chat title (optional)</span>
        <input value={chatTitle} onChange={(e) => setChatTitle(e.target.value)} />
      </label>
      <button type="submit" className="button button--primary" disabled={connect.isPending}>
        {connect.isPending ? 'Connecting…' : submitLabel}
      </button>
    </form>
  );
}
