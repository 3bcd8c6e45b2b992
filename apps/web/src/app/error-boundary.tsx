import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/ui/button';

interface Props {
  children: ReactNode;
  /** What failed, in a few words, e.g. "the calendar". */
  region?: string;
}

/** Catches a render failure so one broken region does not blank the whole page. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div
        role="alert"
        className="mx-auto my-8 max-w-md rounded-xl border border-red-200 bg-white p-6 text-center"
      >
        <p className="font-semibold text-red-700">
          Something went wrong showing {this.props.region ?? 'this page'}.
        </p>
        <p className="mt-2 text-sm text-slate-600">
          Try again; if it keeps happening, reload the page.
        </p>
        <Button className="mt-4" variant="secondary" onClick={() => this.setState({ error: null })}>
          Try again
        </Button>
      </div>
    );
  }
}
