// The app is imported dynamically, after React, so this entry stays small. Zod is not part of the
// first load: lib/zod-config.ts configures it in the chunk that first needs it (decision 0017).
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const { App, firstScreen } = await import('./app/app');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The server sends a page prerendered at build time (apps/web/scripts/prerender.mjs, decision 0017):
// the role selection, or a signed-in role's dashboard frame. When it is what this browser's first
// render draws, React adopts it (hydration); otherwise (another role's frame, a sign-in link) it
// draws afresh over it.
if (root.dataset.prerendered && root.dataset.prerendered === firstScreen()) {
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
