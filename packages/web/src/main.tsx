import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n/index.js';
import './styles.css';
import { App } from './App.js';
import { offerTestGameIfAsked } from './test-game.js';

// Without its dictionary the page still renders (keys instead of words) rather than staying blank.
await Promise.all([i18nReady.catch(() => undefined), offerTestGameIfAsked()]);
createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
