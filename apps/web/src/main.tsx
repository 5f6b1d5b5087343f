import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadScreen } from './app/routes/screens';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

preloadScreen(window.location.pathname);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
