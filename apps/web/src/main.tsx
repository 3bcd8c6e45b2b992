// Zod is configured first (lib/zod-config.ts), and the app, whose @sukoon/shared schemas zod builds
// as they load, is imported only after: a static import could be bundled into a chunk that runs first.
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const { App } = await import('./app/app');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
