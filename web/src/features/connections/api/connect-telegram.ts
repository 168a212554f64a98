import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ConnectionView,
  connectionViewSchema,
  type TelegramConnectRequest,
  telegramConnectRequestSchema,
} from '#shared/schemas/publishing';
import { apiRequest } from '#web/lib/api-client';

/** POST /api/connections/telegram: the server checks the bot and chat before storing anything. */
export function connectTelegram(request: TelegramConnectRequest): Promise<ConnectionView> {
  return apiRequest('/connections/telegram', {
    method: 'POST',
    bodySchema: telegramConnectRequestSchema,
    body: request,
    schema: connectionViewSchema,
  });
}

/** Connects Telegram, then refreshes the connection list. */
export function useConnectTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectTelegram,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['connections'] }),
  });
}
