import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/index.js';
import './styles.css';
import { App } from './App.js';
import { offerTestGameIfAsked } from './test-game.js';

await offerTestGameIfAsked();
createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
