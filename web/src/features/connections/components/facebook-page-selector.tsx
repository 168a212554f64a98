import { connectionFormMessages } from '#shared/messages/connections';
import { facebookPages } from '#shared/publishing/targets';
import type { ConnectionView } from '#shared/schemas/publishing';
import { useToast } from '#web/components/ui/use-toast';
import { useSelectTarget } from '../api/select-target';

interface FacebookPageSelectorProps {
  connection: ConnectionView;
  onSelected?: (pageId: string) => void;
}

/** The Page Facebook posts go on, among those shared at login; saved at once ('Page Selected'). */
export function FacebookPageSelector({ connection, onSelected }: FacebookPageSelectorProps) {
  const select = useSelectTarget('facebook');
  const { toast } = useToast();
  const pages = facebookPages(connection.connectionData);
  const selected =
    typeof connection.connectionData.selectedPageId === 'string' ? connection.connectionData.selectedPageId : '';
  // One Page is chosen at login: nothing to pick.
  if (pages.length < 2) return null;
  const choose = (pageId: string) =>
    select.mutate(pageId, {
      onSuccess: () => {
        toast({ ...connectionFormMessages.pageSelected, variant: 'success' });
        onSelected?.(pageId);
      },
      onError: () => toast({ ...connectionFormMessages.savePageFailed, variant: 'destructive' }),
    });
  return (
    <label className="field">
      <span>Facebook Page</span>
      <select value={selected} disabled={select.isPending} onChange={(event) => choose(event.target.value)}>
        <option value="" disabled>
          Choose a Page
        </option>
        {pages.map((page) => (
          <option key={page.id} value={page.id}>
            {page.name}
          </option>
        ))}
      </select>
    </label>
  );
}
