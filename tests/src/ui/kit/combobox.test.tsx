// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { findChoices, SHOWN_CHOICES, type Choice } from '../../../../src/domain/lists/choices.ts';
import { ComboboxField as Combobox } from '../../../../src/ui/kit/Combobox.tsx';

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
const options = () => [...container.querySelectorAll('[role="option"]')];
const blur = () => act(() => void input().dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
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

  test('opening with the arrow shows every choice, none first, the chosen one active', () => {
    const onChange = vi.fn();
    act(() => root.render(<Combobox label="Opportunity" choices={choices} value="8" onChange={onChange} none="No opportunity" />));
    key('ArrowDown');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(options()[0]!.textContent).toBe('No opportunity');
    const active = document.getElementById(input().getAttribute('aria-activedescendant')!)!;
    expect(active.textContent).toContain('Acme Corp 7');
    // Named apart from the input, which its label alone names.
    expect(container.querySelector('[role="listbox"]')!.getAttribute('aria-label')).toBe('Choices');
    expect(input().getAttribute('aria-controls')).toBe(container.querySelector('[role="listbox"]')!.id);
  });

  test('a problem is tied to the input: aria-invalid, and the problem first in its description, then the hint', () => {
    act(() => root.render(<Combobox label="Salesperson" choices={choices} value="" onChange={() => {}} problem="Salesperson is required." hint="Who does it." />));
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().labels![0]!.textContent).toBe('Salesperson');
    const [problemId, hintId] = input().getAttribute('aria-describedby')!.split(' ');
    expect(document.getElementById(problemId!)!.textContent).toBe('Salesperson is required.');
    expect(document.getElementById(hintId!)!.textContent).toBe('Who does it.');
  });

  test('leaving the input: a text naming one choice chooses it, an emptied text chooses none, other text puts back the chosen', () => {
    const onChange = vi.fn();
    act(() => root.render(<Combobox label="Opportunity" choices={choices} value="8" onChange={onChange} none="None" />));
    type('corp 700');
    blur();
    expect(onChange).toHaveBeenLastCalledWith('701');
    onChange.mockClear();
    type('init');
    blur();
    expect(onChange).not.toHaveBeenCalled();
    expect(input().value).toBe('Acme Corp 7');
    type('');
    blur();
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  test('Escape in an open list closes the list only, not a dialog around it', () => {
    const outside = vi.fn();
    document.addEventListener('keydown', outside);
    onTestFinished(() => document.removeEventListener('keydown', outside));
    act(() => root.render(<Combobox label="Opportunity" choices={choices} value="" onChange={() => {}} />));
    type('acme');
    key('Escape');
    expect(outside).not.toHaveBeenCalled();
    key('Escape');
    expect(outside).toHaveBeenCalledTimes(1);
  });

  test('searched on the server: opening says so, every text typed goes to onSearch; the choices show as given', () => {
    const onSearch = vi.fn();
    const onOpen = vi.fn();
    const found: Choice[] = [{ value: '9', label: 'Globex — 1 Mar 2026' }];
    act(() => root.render(<Combobox label="Opportunity" choices={found} value="7" chosen={{ value: '7', label: 'Acme Corp — 3 Feb 2026' }} onChange={() => {}} onSearch={onSearch} onOpen={onOpen} note="The 1 newest of 40" />));
    // The chosen one is named though the server's answer does not hold it.
    expect(input().value).toBe('Acme Corp — 3 Feb 2026');
    key('ArrowDown');
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onSearch).not.toHaveBeenCalled();
    type('zzz');
    expect(onSearch).toHaveBeenLastCalledWith('zzz');
    // Not narrowed here: the server's answer is what is shown.
    expect(options().map((option) => option.textContent)).toEqual(['Globex — 1 Mar 2026']);
    expect(container.querySelector('[role="status"]')!.textContent).toBe('The 1 newest of 40');
  });

  test('free text: every keystroke is the value; a suggestion is chosen only once the arrows move to it', () => {
    const onChange = vi.fn();
    const names: Choice[] = ['Acme Corp', 'Acme Labs', 'Globex'].map((name) => ({ value: name, label: name }));
    act(() => root.render(<Combobox label="Customer" choices={names} value="" onChange={onChange} free />));
    type('Acme');
    expect(onChange).toHaveBeenLastCalledWith('Acme');
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
    key('Enter');
    expect(onChange).toHaveBeenCalledTimes(1);
    key('ArrowDown');
    key('ArrowDown');
    key('Enter');
    expect(onChange).toHaveBeenLastCalledWith('Acme Labs');
  });

  test('Enter in an open list with nothing to choose closes it and keeps the form from being sent', () => {
    const onChange = vi.fn();
    act(() => root.render(<Combobox label="Opportunity" choices={choices} value="8" onChange={onChange} />));
    type('no such deal');
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    act(() => void input().dispatchEvent(enter));
    expect(enter.defaultPrevented).toBe(true);
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().value).toBe('Acme Corp 7');
    expect(onChange).not.toHaveBeenCalled();
  });
});
