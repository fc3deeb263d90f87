// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Dialog } from '../../../../src/ui/kit/Dialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let opener: HTMLButtonElement;
beforeEach(() => {
  opener = document.createElement('button');
  opener.textContent = 'Create User';
  container = document.createElement('div');
  document.body.append(opener, container);
  opener.focus();
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  opener.remove();
});

function open(onClose = vi.fn()) {
  act(() =>
    root.render(
      <Dialog title="Create User" onClose={onClose}>
        <label>
          Name <input name="name" />
        </label>
        <button type="button" disabled>
          Busy
        </button>
        <button type="button">Close</button>
      </Dialog>,
    ),
  );
  return onClose;
}

const press = (key: string, shiftKey = false) =>
  act(() => {
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true }));
  });

describe('a modal dialog', () => {
  test('is a labelled modal dialog and takes the focus to its first field', () => {
    open();
    const dialog = container.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Create User');
    expect(document.activeElement).toBe(container.querySelector('input'));
  });

  test('keeps Tab inside: from the last control to the first, and Shift+Tab back, skipping disabled ones', () => {
    open();
    const [input, close] = [container.querySelector('input')!, [...container.querySelectorAll('button')].at(-1)!];
    close.focus();
    press('Tab');
    expect(document.activeElement).toBe(input);
    press('Tab', true);
    expect(document.activeElement).toBe(close);
  });

  test('asks to close on Escape', () => {
    const onClose = open();
    press('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('gives the focus back to what opened it, and lets the page scroll again, when it goes', () => {
    open();
    expect(document.body.style.overflow).toBe('hidden');
    act(() => root.render(<></>));
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });
});
