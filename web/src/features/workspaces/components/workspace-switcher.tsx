import { useEffect, useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths';
import { useCurrentWorkspaceId } from '#web/lib/current-workspace';
import { useWorkspaces } from '#web/lib/get-workspaces';
import { useSwitchWorkspace } from './use-switch-workspace';

/**
 * The header's workspace switcher: the user's personal workspace and their teams. A remembered team
 * the user no longer belongs to (removed, or another person signed in here) falls back to personal.
 */
export function WorkspaceSwitcher() {
  const selectId = useId();
  const workspaces = useWorkspaces();
  const currentId = useCurrentWorkspaceId();
  const switchTo = useSwitchWorkspace();
  const list = workspaces.data ?? [];
  const personal = list.find((workspace) => workspace.personal);

  useEffect(() => {
    if (currentId && workspaces.isSuccess && !list.some((workspace) => workspace.id === currentId)) switchTo(null);
  }, [currentId, list, workspaces.isSuccess, switchTo]);

  if (!personal) return null;
  return (
    <div className="workspace-switcher">
      <label htmlFor={selectId} className="sr-only">
        Workspace
      </label>
      <select
        id={selectId}
        className="workspace-switcher__select"
        value={currentId ?? personal.id}
        onChange={(event) => switchTo(event.target.value === personal.id ? null : event.target.value)}
      >
        {list.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspace.name}
          </option>
        ))}
      </select>
      <Link className="workspace-switcher__link" to={paths.workspace.getHref()}>
        Team
      </Link>
    </div>
  );
}
