import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadScreen } from './app/routes/screens';
import { prefetchTerminal } from './features/pos/api/terminal-queries';
import { sessionQueryOptions } from './lib/auth';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The session check leaves now, not after the first render; a till opened on /pos also asks for
// its first screen's data and code in the same moment (issue #19: the terminal's cold start).
const queryClient = createQueryClient();
void queryClient.prefetchQuery(sessionQueryOptions);
if (window.location.pathname === '/pos') prefetchTerminal(queryClient);
preloadScreen(window.location.pathname);

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
