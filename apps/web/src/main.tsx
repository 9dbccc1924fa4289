import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Self-hosted fonts (no font service): Inter for Latin text, Noto Sans KR for Korean, so the Korean interface
// renders the same on a machine without a Korean font. font-display: swap; the Korean file loads only when used.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import '@fontsource/noto-sans-kr/korean-400.css';
import '@fontsource/noto-sans-kr/korean-700.css';
import './styles/tokens.css';
import './styles/global.css';
// After the global sheet, so every component's CSS Module comes after it in the cascade (a module's rule wins a tie).
import { App } from './app/App.tsx';
import { initUpDownColours } from './features/preferences/upDownColours.ts';
import { initTimeZone } from './lib/timeZone.ts';

initUpDownColours();
initTimeZone();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
