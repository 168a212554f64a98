import { type Dispatch, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  type FlowAction,
  type FlowState,
  flowFromSearch,
  flowReducer,
  flowToSearch,
  type PendingGeneration,
  pendingGenerationFrom,
} from '../lib/flow-state';

/** The create flow's state, kept in step with the query string. */
export interface CreateFlow {
  state: FlowState;
  dispatch: Dispatch<FlowAction>;
  /** A generation the sign-in redirect asked for (url without step), until it is started or dropped. */
  pending: PendingGeneration | null;
  clearPending: () => void;
  /**
   * Leaves /create for another page. Use it instead of navigate(): once the flow is leaving, its
   * state is no longer written to the query string, which could otherwise land on the next page.
   */
  leaveTo: (href: string) => void;
}

/**
 * The flow reducer mirrored into the query string (replace navigation, so Back leaves /create
 * rather than stepping through keystrokes). A query string changed from outside (a link to
 * /create, the sign-in redirect) starts the flow over from it. While a pending generation waits,
 * its url-without-step stays in the address so a reload still resumes it.
 */
export function useCreateFlow(): CreateFlow {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const leaving = useRef(false);
  const [initial] = useState(() => ({
    state: flowFromSearch(searchParams),
    pending: pendingGenerationFrom(searchParams),
  }));
  const [state, dispatch] = useReducer(flowReducer, initial.state);
  const [pending, setPending] = useState(initial.pending);
  // The query string as this hook last wrote or read it: anything else came from outside.
  const known = useRef(searchParams.toString());
  const current = searchParams.toString();

  useEffect(() => {
    if (leaving.current) return;
    // One effect for both directions, so a change from outside is never overwritten by the old state.
    if (current !== known.current) {
      known.current = current;
      const search = new URLSearchParams(current);
      dispatch({ type: 'replaced', state: flowFromSearch(search) });
      setPending(pendingGenerationFrom(search));
      return;
    }
    if (pending) return;
    const next = flowToSearch(state).toString();
    if (next === known.current) return;
    known.current = next;
    setSearchParams(new URLSearchParams(next), { replace: true });
  }, [current, state, pending, setSearchParams]);

  const clearPending = useCallback(() => setPending(null), []);
  const leaveTo = useCallback(
    (href: string) => {
      leaving.current = true;
      navigate(href);
    },
    [navigate],
  );
  return { state, dispatch, pending, clearPending, leaveTo };
}
