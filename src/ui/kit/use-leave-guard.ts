import { useEffect, useRef } from 'react';
import { guardLeaving } from '../../platform/leave-guard.ts';

/** While `holding`, leaving the page (a link, Back, reload, closing the tab) is handed to `onLeave` or asked by the browser. */
export function useLeaveGuard(holding: boolean, onLeave: (to: string) => void): void {
  const latest = useRef(onLeave);
  latest.current = onLeave;
  useEffect(() => {
    if (!holding) return undefined;
    return guardLeaving((to) => latest.current(to));
  }, [holding]);
}
