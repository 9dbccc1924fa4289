import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initUpDownColours } from './features/preferences/upDownColours.ts';
import './styles/tokens.css';
import './styles/global.css';

initUpDownColours();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
