// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SavedView } from '../../../../src/domain/saved-views/views.ts';
import { savedViewsMachine } from '../../../../src/machines/saved-views.ts';
import { SaveView } from '../../../../src/ui/kit/saved-views/SaveViewButton.tsx';
import { deferred } from '../../../support/deferred.ts';
import { screenRoot } from '../../../support/screen-harness.ts';

const screen = screenRoot();

describe("'Save view' while the saved views load", () => {
  test('waits for them, rather than take a click that opens nothing, then opens the naming dialog', async () => {
    const loaded = deferred<readonly SavedView[]>();
    const views = createActor(
      savedViewsMachine.provide({
        actors: { loadViews: fromPromise(() => loaded.promise) },
        actions: { notifySuccess: () => {}, notifyError: () => {}, logError: () => {} },
      }),
    ).start();
    screen.render(<SaveView views={views} list="opportunity" />);
    const button = () => screen.container.querySelector<HTMLButtonElement>('button')!;
    expect(button().textContent).toBe('Save view');
    expect(button().disabled).toBe(true);

    loaded.resolve([]);
    await screen.until(() => !button().disabled);
    button().click();
    await screen.until(() => document.querySelector('[role="dialog"]') !== null);
    expect(document.querySelector('[role="dialog"]')!.textContent).toContain('Save view');
    views.stop();
  });
});
