// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { findChoices, SHOWN_CHOICES, type Choice } from '../../../../src/domain/lists/choices.ts';
import { Combobox } from '../../../../src/ui/kit/Combobox.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
Element.prototype.scrollIntoView = () => {};

// 714 opportunities, as the Activity form's Opportunity choice has.
const choices: Choice[] = Array.from({ length: 714 }, (_, i) => ({ value: String(i + 1), label: i % 7 === 0 ? `Acme Corp ${i}` : `Initech ${i}`, detail: `2026-01-${String((i % 28) + 1).padStart(2, '0')}` }));

describe('finding among many choices', () => {
  test('every word must occur, labels starting with the text first, at most fifty shown', () => {
    expect(findChoices(choices, '')).toHaveLength(SHOWN_CHOICES);
    const found = findChoices(choices, 'acme 7');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((choice) => /acme/i.test(choice.label) && /7/.test(`${choice.label} ${choice.detail}`))).toBe(true);
    expect(findChoices(choices, 'corp 70')[0]!.label).toBe('Acme Corp 70');
    expect(findChoices([{ value: 'a', label: 'Big Initech' }, { value: 'b', label: 'Initech' }], 'init').map((choice) => choice.value)).toEqual(['b', 'a']);
  });
});

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const input = () => container.querySelector<HTMLInputElement>('[role="combobox"]')!;
const key = (name: string) => act(() => void input().dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true })));
function type(text: string) {
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input(), text);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the combobox', () => {
  test('typing narrows the listbox; the arrows move the active option; Enter chooses it', () => {
    const onChange = vi.fn();
    act(() => root.render(<Combobox label="Opportunity" choices={choices} value="" onChange={onChange} none="No opportunity" />));
    expect(input().getAttribute('aria-expanded')).toBe('false');
    type('corp 70');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    const options = () => [...container.querySelectorAll('[role="option"]')];
    expect(options()[0]!.textContent).toContain('Acme Corp 70');
    key('ArrowDown');
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[1]!.id);
    key('ArrowUp');
    key('Enter');
    expect(onChange).toHaveBeenCalledWith('71');
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  test('Escape closes and puts back the chosen label', () => {
    const onChange = vi.fn();
    act(() => root.render(<Combobox label="Opportunity" choices={choices} value="8" onChange={onChange} />));
    expect(input().value).toBe('Acme Corp 7');
    type('initech 9');
    key('Escape');
    expect(input().value).toBe('Acme Corp 7');
    expect(onChange).not.toHaveBeenCalled();
  });
});
