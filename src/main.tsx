import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { App } from './ui/shell/App.tsx';
import { ServicesProvider } from './ui/kit/services.tsx';
import { startInspector } from './platform/inspector.ts';
import { loadRuntimeConfig } from './platform/runtime-config.ts';
import { createAppServices } from './platform/session-runtime.ts';
import { listenForLeaving } from './platform/leave-guard.ts';
import './ui/shell/theme.css';

// Before the router listens, so that a form with unsaved changes can hold Back and Forward.
listenForLeaving();

/**
 * The rest of the start in a task of its own, after what the browser has waiting (a
 * paint, an input): the module's evaluation, the machines' start and React's first
 * render are each long enough to hold a phone's main thread; one after another in one
 * task they would hold it for all three.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  // Before any actor starts, so the inspector sees the session from its first event.
  const inspect = await startInspector(config);
  await nextTask();
  const services = createAppServices(
    config,
    {
      sessionStorage: window.sessionStorage,
      localStorage: window.localStorage,
      location: window.location,
      replaceAddress: (path) => window.history.replaceState(null, '', path),
      navigate: (path, options) => navigate(path, options),
    },
    inspect,
  );
  services.session.start();
  await nextTask();
  services.apiParts.start();
  await nextTask();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ServicesProvider services={services}>
        <App />
      </ServicesProvider>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error(error);
  document.getElementById('root')!.textContent = 'The CRM could not start. Please reload the page.';
});
