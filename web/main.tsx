/**
 * Browser entry: reads the session from the URL once, then renders the router inside the query
 * client provider (content-and-account-pages §2.1: "wrapped in a data-fetching client provider").
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { initSession } from './features/session/session.store';
import { createQueryClient } from './lib/query-client';
import { captureCampaign, reportVisit } from './lib/outbound-link';
import { createRouter } from './router';
import './app.css';

initSession();
captureCampaign();
reportVisit();
const queryClient = createQueryClient();
const router = createRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
