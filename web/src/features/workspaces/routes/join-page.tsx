import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { workspaceMessages } from '#shared/messages/workspaces';
import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';
import { useToast } from '#web/components/ui/use-toast';
import { paths } from '#web/config/paths';
import { acceptInvitation } from '../api/workspaces';
import { useSwitchWorkspace } from '../components/use-switch-workspace';

const texts = workspaceMessages.join;

/**
 * /join?token=…: an invitation link. Behind sign-in (a new person signs up first and comes back
 * here); joins once, switches to the workspace and opens its page.
 */
export function JoinPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  const navigate = useNavigate();
  const switchTo = useSwitchWorkspace();
  const { toast } = useToast();
  const [problem, setProblem] = useState<string | null>(token ? null : texts.missingToken);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    acceptInvitation({ token }).then(
      (workspace) => {
        switchTo(workspace.id);
        toast({ title: texts.joined(workspace.name), variant: 'success' });
        navigate(paths.workspace.getHref(), { replace: true });
      },
      (error: Error) => setProblem(error.message),
    );
  }, [token, switchTo, toast, navigate]);

  return (
    <section className="page stack">
      <h1>{workspaceMessages.page.heading}</h1>
      {problem ? (
        <>
          <ErrorState>{problem}</ErrorState>
          <p>
            <Link to={paths.history.getHref()}>My Threads</Link>
          </p>
        </>
      ) : (
        <LoadingState as="p">{texts.joining}</LoadingState>
      )}
    </section>
  );
}
