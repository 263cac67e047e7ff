import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorPage } from './error-pages/error-page.tsx';

/**
 * Anything unexpected while rendering a screen (a bug, or a screen's chunk that no longer exists
 * after a deploy) shows the error page instead of a blank screen. Going to another address (the
 * browser's back button) tries again, without remounting the screens on every navigation.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary pathname={useLocation().pathname}>{children}</Boundary>;
}

type Props = { pathname: string; children: ReactNode };
type State = { failedAt?: string };

class Boundary extends Component<Props, State> {
  state: State = {};

  static getDerivedStateFromError(): State {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: Props, state: State): State | null {
    // The error happened at this path ('' until the first render after it): elsewhere, try again.
    if (state.failedAt === '') return { failedAt: props.pathname };
    if (state.failedAt !== undefined && state.failedAt !== props.pathname) return { failedAt: undefined };
    return null;
  }

  render() {
    return this.state.failedAt === undefined ? this.props.children : <ErrorPage />;
  }
}
