import type { ComponentType } from 'react';
import type { Platform } from '#shared/schemas/thread';
import { BlueskyConnectForm } from './bluesky-connect-form';
import { MastodonConnectForm } from './mastodon-connect-form';
import { TelegramConnectForm } from './telegram-connect-form';

/** What a platform's own connect form is given by the card that shows it. */
export interface ConnectFormProps {
  /** 'Connect', 'Update Connection' or 'Reconnect'. */
  submitLabel: string;
  /** Where an OAuth flow started by the form returns (the page it sits on). */
  returnPath: string;
  /** True on a connected card's Edit (Mastodon then requires an instance: 'Instance Required'). */
  editing?: boolean;
  onDone?: () => void;
}

/**
 * Platforms that connect through a form of their own (credentials, or an OAuth flow that needs
 * input first, like Mastodon's server): one line per platform. OAuth platforms without a form get
 * a Connect button that starts the flow.
 */
export const CONNECT_FORMS: Partial<Record<Platform, ComponentType<ConnectFormProps>>> = {
  telegram: TelegramConnectForm,
  mastodon: MastodonConnectForm,
  bluesky: BlueskyConnectForm,
};
