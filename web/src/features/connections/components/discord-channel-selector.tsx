import { useState } from 'react';
import { platformMessages } from '#shared/messages/connections';
import { discordGuilds } from '#shared/publishing/targets';
import type { ConnectionView } from '#shared/schemas/publishing';
import { useToast } from '#web/components/ui/use-toast';
import { useSelectTarget } from '../api/select-target';
import { TargetEmptyState } from './target-empty-state';

export const NO_DISCORD_CHANNELS =
  'No Discord channels available. Please reconnect your Discord account to refresh the channel data.';
export const NO_MANAGED_DISCORD_SERVERS =
  'No Discord servers found where you have the Manage Server permission. Add the bot to a server you manage, then refresh the connection.';

interface DiscordChannelSelectorProps {
  connection: ConnectionView;
  returnPath: string;
  onSelected?: (channelId: string) => void;
}

/** The channel Discord posts go to, grouped by server; saved at once ('Channel Selected'). */
export function DiscordChannelSelector({ connection, returnPath, onSelected }: DiscordChannelSelectorProps) {
  const select = useSelectTarget('discord');
  const { toast } = useToast();
  // The choice shows at once; the server's list confirms it (or a refusal puts the old one back).
  const [choice, setChoice] = useState<string | null>(null);
  const data = connection.connectionData;
  const guilds = discordGuilds(data);
  if (Array.isArray(data.channels) && data.channels.length === 0) {
    return <TargetEmptyState platform="discord" message={NO_MANAGED_DISCORD_SERVERS} returnPath={returnPath} />;
  }
  if (guilds.every((guild) => guild.channels.length === 0)) {
    return <TargetEmptyState platform="discord" message={NO_DISCORD_CHANNELS} returnPath={returnPath} />;
  }
  const selected = choice ?? (typeof data.selectedChannelId === 'string' ? data.selectedChannelId : '');
  const choose = (channelId: string) => {
    setChoice(channelId);
    select.mutate(channelId, {
      onSuccess: () => {
        toast({ ...platformMessages.channelSelected, variant: 'success' });
        onSelected?.(channelId);
      },
      onError: () => {
        setChoice(null);
        toast({ ...platformMessages.saveChannelFailed, variant: 'destructive' });
      },
    });
  };
  return (
    <label className="field">
      <span>Discord channel</span>
      <select value={selected} disabled={select.isPending} onChange={(event) => choose(event.target.value)}>
        <option value="" disabled>
          Choose a channel
        </option>
        {guilds.map((guild) => (
          <optgroup key={guild.guildId} label={guild.guildName}>
            {guild.channels.map((channel) => (
              <option key={channel.channelId} value={channel.channelId}>
                #{channel.channelName}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}
