import { useEffect, useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { Routes, ScreenPreload } from './routes.tsx';
import { RouteFocus } from './RouteFocus.tsx';
import { Splash, SPLASH_MS } from './Splash.tsx';

/**
 * The application root: the splash for its second, then the routes, with the
 * app's toasts top-right (react-hot-toast's defaults are the spec's: 2 s success,
 * 4 s error, loading until dismissed, at most 20).
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
      <Toaster position="top-right" />
    </>
  );
}
