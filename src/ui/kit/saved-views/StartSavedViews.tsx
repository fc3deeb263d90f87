import { useEffect } from 'react';
import { savedViewsFlow } from '../../../wiring/saved-views.ts';
import { useFlow } from '../services.tsx';
import type { SavedViewsActor } from './actor.ts';

/** Starts the saved views' flow and hands its actor to the provider; it draws nothing. */
export default function StartSavedViews({ onStarted }: { onStarted: (views: SavedViewsActor) => void }) {
  const views = useFlow(savedViewsFlow);
  useEffect(() => onStarted(views), [views, onStarted]);
  return null;
}
