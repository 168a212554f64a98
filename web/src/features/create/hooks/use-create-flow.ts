import { type Dispatch, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
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

/** The history state that marks an address the flow wrote itself. */
const FLOW_WRITE = { createFlow: true } as const;

/** Whether a history entry's state marks an address the create flow wrote itself. */
export function isFlowWrite(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'createFlow' in state;
}

/**
 * The flow reducer mirrored into the query string (replace navigation, so Back leaves /create
 * rather than stepping through keystrokes). Each change writes its address in the same call that
 * changes the state, marked as the flow's own; the router shows it a moment later, so comparing
 * the shown address with the state would mistake a lagging one for a change from outside. Only an
 * unmarked navigation (a link to /create, the sign-in redirect, a cleared OAuth notice) starts the
 * flow over from its query string. While a pending generation waits, its url-without-step stays in
 * the address so a reload still resumes it.
 */
export function useCreateFlow(): CreateFlow {
  const location = useLocation();
  const navigate = useNavigate();
  const [initial] = useState(() => {
    const search = new URLSearchParams(location.search);
    return { state: flowFromSearch(search), pending: pendingGenerationFrom(search), written: search.toString() };
  });
  const [state, setState] = useState(initial.state);
  const [pending, setPending] = useState(initial.pending);
  // Read and written synchronously, so two actions before a re-render build on each other.
  const flow = useRef({
    state: initial.state,
    pending: initial.pending !== null,
    written: initial.written,
    locationKey: location.key,
    leaving: false,
  });

  const write = useCallback(() => {
    const current = flow.current;
    if (current.leaving || current.pending) return;
    const next = flowToSearch(current.state).toString();
    if (next === current.written) return;
    current.written = next;
    void navigate(`?${next}`, { replace: true, state: FLOW_WRITE });
  }, [navigate]);

  const dispatch = useCallback(
    (action: FlowAction) => {
      flow.current.state = flowReducer(flow.current.state, action);
      setState(flow.current.state);
      write();
    },
    [write],
  );

  useEffect(() => {
    const current = flow.current;
    if (location.key !== current.locationKey && !current.leaving && !isFlowWrite(location.state)) {
      const search = new URLSearchParams(location.search);
      const next = pendingGenerationFrom(search);
      current.state = flowFromSearch(search);
      current.pending = next !== null;
      current.written = search.toString();
      setState(current.state);
      setPending(next);
    }
    current.locationKey = location.key;
    // Also on the first render: a reloaded address is written back as read (a generate step as input).
    write();
  }, [location, write]);

  const clearPending = useCallback(() => {
    flow.current.pending = false;
    setPending(null);
    write();
  }, [write]);
  const leaveTo = useCallback(
    (href: string) => {
      flow.current.leaving = true;
      void navigate(href);
    },
    [navigate],
  );
  return { state, dispatch, pending, clearPending, leaveTo };
}
