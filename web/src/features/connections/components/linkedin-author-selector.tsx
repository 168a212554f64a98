import { connectionFormMessages, linkedinPostAsYourself, linkedinPostingAs } from '#shared/messages/connections';
import {
  linkedinAdministeredPages,
  linkedinOrganizationUrn,
  linkedinPageName,
} from '#shared/publishing/link-placement';
import type { ConnectionView } from '#shared/schemas/publishing';
import { useToast } from '#web/components/ui/use-toast';
import { useChooseLinkedInAuthor } from '../api/choose-linkedin-author';

/** The member's own profile in the select (a page is its URN). */
const YOURSELF = '';

/**
 * Who LinkedIn posts are by: the member, or one of the pages they administer (listed when
 * connecting); saved at once, and checked by the server with LinkedIn.
 */
export function LinkedInAuthorSelector({ connection }: { connection: ConnectionView }) {
  const choose = useChooseLinkedInAuthor();
  const { toast } = useToast();
  const data = connection.connectionData;
  const pages = linkedinAdministeredPages(data);
  const pageName = linkedinPageName(data);
  const save = (value: string) =>
    choose.mutate(value === YOURSELF ? null : value, {
      onSuccess: () => toast({ ...connectionFormMessages.linkedinAuthorSaved, variant: 'success' }),
      onError: (error) =>
        toast({
          ...connectionFormMessages.saveLinkedInAuthorFailed,
          ...(error.message ? { description: error.message } : {}),
          variant: 'destructive',
        }),
    });
  return (
    <div className="stack">
      {pageName ? <p>{linkedinPostingAs(pageName)}</p> : null}
      {pages.length > 0 ? (
        <label className="field">
          <span>{connectionFormMessages.linkedinPostAs}</span>
          <select
            value={linkedinOrganizationUrn(data) ?? YOURSELF}
            disabled={choose.isPending}
            onChange={(event) => save(event.target.value)}
          >
            <option value={YOURSELF}>{linkedinPostAsYourself(connection.platformUsername)}</option>
            {pages.map((page) => (
              <option key={page.urn} value={page.urn}>
                {page.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
