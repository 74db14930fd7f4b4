import '@mantine/core/styles.css';
import 'react-toastify/ReactToastify.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { keepInviteFromUrl } from './lib/team-invite';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// An invitation link opened signed out waits while its reader signs in (issue 45).
keepInviteFromUrl();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
