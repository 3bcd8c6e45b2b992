import { useT } from '../../i18n/i18n';

export function LoadingScreen() {
  const t = useT();
  return (
    <div className="grid min-h-screen place-items-center text-slate-600" role="status">
      {t('app.loading')}
    </div>
  );
}
