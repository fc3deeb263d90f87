// @vitest-environment jsdom
import { act } from 'react';
import { expect, test } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import { ServicesProvider } from '../../../../src/ui/kit/services';
import DashboardScreen from '../../../../src/ui/dashboard/DashboardScreen';
import { heldServices, screenRoot } from '../../../support/screen-harness.ts';

/*
 * The dashboard's address follows its filters once the chart has painted. A person who
 * leaves the dashboard before that paint is on another screen, whose address it must keep.
 */

const screen = screenRoot();

test('a granularity chosen just before the dashboard is left does not take the address of the screen the person went to', async () => {
  // Nothing answers: the dashboard is still loading, where its filters already work.
  const { services } = heldServices({});
  navigate('/dashboard');
  screen.render(
    <ServicesProvider services={services}>
      <DashboardScreen />
    </ServicesProvider>,
  );
  const month = [...screen.container.querySelectorAll('button')].find((button) => button.textContent === 'Month')!;
  act(() => month.click());

  // The person opens the customers before the next frame: the router shows another screen.
  navigate('/customer');
  screen.render(<p>Customers</p>);
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  expect(location.pathname + location.search).toBe('/customer');
});
