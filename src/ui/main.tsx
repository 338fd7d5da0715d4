import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App.tsx';
import { bootstrap } from './app/bootstrap.ts';
import { routes } from './app/routes.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const router = createBrowserRouter(routes);
await bootstrap((path) => void router.navigate(path));

createRoot(root).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
