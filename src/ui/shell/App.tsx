import { useEffect, useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { Routes, ScreenPreload } from './routes.tsx';
import { RouteFocus } from './RouteFocus.tsx';
import { Splash, SPLASH_MS } from './Splash.tsx';

// Over the top bar a toast would hide 'Log out' and the search while it shows, and for as
// long as the pointer rests on it; so the toasts start just below the bar, and a toast
// sliding in is cut at that line (for sight and for clicks) instead of crossing the bar.
const BELOW_TOP_BAR = { top: 'calc(var(--topbar-height) + var(--space-2))', clipPath: 'inset(0 -100vw -100vh)' };

/**
 * The application root: the splash for its second, then the routes, with the
 * app's toasts top-right below the top bar (react-hot-toast's defaults are the
 * spec's: 2 s success, 4 s error, loading until dismissed, at most 20).
 */
export function App() {
  const [splashDone, setSplashDone] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSplashDone(true), SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      {splashDone ? <Routes /> : <Splash />}
      <ScreenPreload />
      <RouteFocus />
      <Toaster position="top-right" containerStyle={BELOW_TOP_BAR} />
    </>
  );
}
