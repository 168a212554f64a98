import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './routes/route-error-page';

interface Props {
  /** The current pathname: moving to another page clears a shown error. */
  pathname: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  pathname: string;
}

/**
 * Shows RouteErrorPage when a page fails to render or its lazy chunk cannot be loaded (the
 * declarative router has no `errorElement`); navigating to another page tries again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
