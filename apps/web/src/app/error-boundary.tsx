import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/ui/button';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/i18n';

interface Props {
  children: ReactNode;
  /** What failed, in a few words: the catalogue's key (app.region.*) for "the calendar". */
  region?: MessageKey;
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
      <RenderFailure region={this.props.region} onRetry={() => this.setState({ error: null })} />
    );
  }
}

/** The boundary's message: a function component, so it can speak the page's language. */
function RenderFailure({
  region,
  onRetry,
}: {
  region: MessageKey | undefined;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <div
      role="alert"
      className="mx-auto my-8 max-w-md rounded-xl border border-red-200 bg-white p-6 text-center"
    >
      <p className="font-semibold text-red-700">
        {region === undefined
          ? t('app.renderFailure.page')
          : t('app.renderFailure.region', { region: t(region) })}
      </p>
      <p className="mt-2 text-sm text-slate-600">{t('app.renderFailure.hint')}</p>
      <Button className="mt-4" variant="secondary" onClick={onRetry}>
        {t('app.tryAgain')}
      </Button>
    </div>
  );
}
