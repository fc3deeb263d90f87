import { Fragment, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { NotFound } from '../NotFound.tsx';
import { recordIdFromPath } from './route.ts';

/**
 * A screen about one record, its id read from the address's last segment: the
 * fallback page when that is not an id, and a fresh screen for each id (another
 * record's address never shows the previous one's form or page).
 */
export function RecordRoute({ children }: { children: (id: number) => ReactNode }) {
  const [path] = useLocation();
  const id = recordIdFromPath(path);
  if (id === null) return <NotFound />;
  return <Fragment key={id}>{children(id)}</Fragment>;
}
