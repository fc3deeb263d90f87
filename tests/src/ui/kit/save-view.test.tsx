// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SavedView } from '../../../../src/domain/saved-views/views.ts';
import { savedViewsMachine } from '../../../../src/machines/saved-views.ts';
import { SaveView } from '../../../../src/ui/kit/saved-views/SaveViewButton.tsx';
import SavedViewsLinks from '../../../../src/ui/kit/saved-views/SavedViewsLinks.tsx';
import { deferred } from '../../../support/deferred.ts';
import { screenRoot } from '../../../support/screen-harness.ts';

const screen = screenRoot();

/** The saved views' machine, loading with `load` each time it is asked. */
function savedViews(load: () => Promise<readonly SavedView[]>) {
  return createActor(
    savedViewsMachine.provide({
      actors: { loadViews: fromPromise(load) },
      actions: { notifySuccess: () => {}, notifyError: () => {}, logError: () => {} },
    }),
  ).start();
}

/** Loads that fail the first time and then answer with `views`. */
function failingOnce(views: readonly SavedView[]) {
  let calls = 0;
  return async (): Promise<readonly SavedView[]> => {
    calls += 1;
    if (calls === 1) throw new Error('Something went wrong.');
    return views;
  };
}

const mine: SavedView = { id: 3, list: 'opportunity', name: 'My open deals', query: 'mine=1' };

describe("'Save view' while the saved views load", () => {
  test('waits for them, rather than take a click that opens nothing, then opens the naming dialog', async () => {
    const loaded = deferred<readonly SavedView[]>();
    const views = savedViews(() => loaded.promise);
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

describe('saved views that could not be loaded', () => {
  test("'Save view' says why it waits, beside it, and opens once they load on 'Try again'", async () => {
    const views = savedViews(failingOnce([]));
    screen.render(<SaveView views={views} list="customer" />);
    const button = (name: string) => [...screen.container.querySelectorAll('button')].find((each) => each.textContent === name);
    await screen.until(() => screen.container.querySelector('[role="alert"]') !== null);
    const alert = screen.container.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('Your saved views could not be loaded.');
    expect(button('Save view')!.disabled).toBe(true);
    const why = document.getElementById(button('Save view')!.getAttribute('aria-describedby')!);
    expect(why?.textContent).toBe('Your saved views could not be loaded.');

    button('Try again')!.click();
    await screen.until(() => button('Save view')!.disabled === false);
    expect(screen.container.querySelector('[role="alert"]')).toBeNull();
    expect(button('Save view')!.hasAttribute('aria-describedby')).toBe(false);
    button('Save view')!.click();
    await screen.until(() => document.querySelector('[role="dialog"]') !== null);
    views.stop();
  });

  test("the navigation says so where they would be listed, and lists them on 'Try again'", async () => {
    const views = savedViews(failingOnce([mine]));
    screen.render(<SavedViewsLinks views={views} />);
    await screen.until(() => screen.text().includes('Could not be loaded.'));
    expect(screen.text()).toContain('Saved views');
    [...screen.container.querySelectorAll('button')].find((each) => each.textContent === 'Try again')!.click();
    await screen.until(() => screen.container.querySelector('a') !== null);
    expect(screen.container.querySelector('a')!.textContent).toBe('My open deals');
    expect(screen.text()).not.toContain('Could not be loaded.');
    views.stop();
  });
});
