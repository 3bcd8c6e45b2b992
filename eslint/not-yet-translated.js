// The screens whose words are not yet in the catalogue (issue 22): the lint rule
// sukoon-i18n/no-untranslated-text (eslint/sukoon-i18n.js) skips these files, and only these.
// This list only shrinks: move a file's words to apps/web/src/i18n/en.json and hi.json, then delete
// its line. A listed file that no longer needs skipping fails the i18n checks
// (apps/web/src/i18n/catalogues.test.ts), and nothing new may be added here.
// 61 files when it was made (26 Nov 2026).
export const NOT_YET_TRANSLATED = [
  'apps/web/src/app/app.tsx',
  'apps/web/src/app/error-boundary.tsx',
  'apps/web/src/app/practice-layer.tsx',
  'apps/web/src/components/ui/load-error.tsx',
  'apps/web/src/components/ui/loading-screen.tsx',
  'apps/web/src/components/ui/privacy-notice.tsx',
  'apps/web/src/features/account/your-details-dialog.tsx',
  'apps/web/src/features/auth/avatar.tsx',
  'apps/web/src/features/auth/sign-out-everywhere-dialog.tsx',
  'apps/web/src/features/calendar-feed/calendar-feed-dialog.tsx',
  'apps/web/src/features/calendar-feed/feed-link.tsx',
  'apps/web/src/features/calendar-feed/how-to-subscribe.tsx',
  'apps/web/src/features/practice/bar-chart.tsx',
  'apps/web/src/features/practice/heat-map.tsx',
  'apps/web/src/features/practice/period-nav.tsx',
  'apps/web/src/features/practice/practice-charts.tsx',
  'apps/web/src/features/practice/practice-figures.tsx',
  'apps/web/src/features/practice/practice-page.tsx',
  'apps/web/src/features/privacy/privacy-dialog.tsx',
  'apps/web/src/features/profile/meeting-link-fields.tsx',
  'apps/web/src/features/profile/policy-fields.tsx',
  'apps/web/src/features/profile/profile-dialog.tsx',
  'apps/web/src/features/profile/profile-prompt.tsx',
  'apps/web/src/features/profile/receipt-settings.tsx',
];
