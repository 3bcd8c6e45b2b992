/** Where each calendar app subscribes to an address (README, "Subscribing to your sessions"). */
const STEPS = [
  {
    app: 'Google Calendar',
    how: 'On a computer: Other calendars (+) > From URL, paste the link, Add calendar.',
  },
  {
    app: 'Apple Calendar',
    how: 'On a Mac: File > New Calendar Subscription, paste the link. On an iPhone: Subscribe opens it.',
  },
  {
    app: 'Outlook',
    how: 'Add calendar > Subscribe from web, paste the link, Import.',
  },
];

export function HowToSubscribe() {
  return (
    <details className="rounded-xl border border-slate-200 p-4 text-sm text-slate-700 open:pb-3">
      <summary className="cursor-pointer font-semibold text-slate-900">
        How to subscribe in your calendar app
      </summary>
      <ul className="mt-2 flex flex-col gap-2">
        {STEPS.map((step) => (
          <li key={step.app}>
            <span className="font-medium text-slate-900">{step.app}:</span> {step.how}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-500">
        Calendar apps fetch the feed on their own schedule: Apple Calendar as often as you set it,
        Google Calendar and Outlook every few hours (Google sometimes only daily), so a change can
        take a while to appear.
      </p>
    </details>
  );
}
