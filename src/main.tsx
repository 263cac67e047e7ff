import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider.tsx';
import { createRouter } from './app/router.tsx';
import './app/styles.css';
import { followNewChatLinks } from './session/follow-new-links.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

followNewChatLinks();

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createRouter()} />
    </AppProvider>
  </StrictMode>,
);
