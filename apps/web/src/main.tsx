import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './lib/i18n';
import { App } from './app/app';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing from index.html');

// The chosen language's texts first (other languages than English are fetched), then the app.
await i18nReady;
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
