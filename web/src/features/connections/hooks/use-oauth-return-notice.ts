import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { platformConnected, platformConnectionFailed } from '#shared/messages/connections';
import { platformDisplayName } from '#shared/platforms';
import { useToast } from '#web/components/ui/use-toast';
import { parseOAuthReturn } from '../lib/oauth-return';

/**
 * Shows the notice an OAuth callback sent back in the address ('{Platform} Connected!' or
 * '{Platform} Connection Failed'), clears its parameters (replace) and refreshes the connection list.
 */
export function useOAuthReturnNotice(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();

  useEffect(() => {
    const result = parseOAuthReturn(new URLSearchParams(location.search));
    if (!result) return;
    const { notice, rest } = result;
    if (notice) {
      const name = platformDisplayName(notice.platform);
      if (notice.outcome === 'connected') toast({ ...platformConnected(name), variant: 'success' });
      else toast({ ...platformConnectionFailed(name, notice.message), variant: 'destructive' });
    }
    const search = rest.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
    void queryClient.invalidateQueries({ queryKey: ['connections'] });
  }, [location.search, location.pathname, location.hash, navigate, queryClient, toast]);
}
