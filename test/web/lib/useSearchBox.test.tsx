import { act, renderHook } from '@testing-library/react';
import { useSearchBox } from '@/web/lib/useSearchBox';

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

function renderSearchBox(initial: string) {
  const commit = jest.fn();
  const view = renderHook(({ committed }) => useSearchBox(committed, commit), { initialProps: { committed: initial } });
  return { ...view, commit, text: () => view.result.current[0], type: (text: string) => act(() => view.result.current[1](text)) };
}

test('what is typed shows at once and is committed, trimmed, once typing pauses for 300 ms', () => {
  const box = renderSearchBox('');
  box.type('acme ');
  expect(box.text()).toBe('acme ');
  act(() => jest.advanceTimersByTime(299));
  expect(box.commit).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(box.commit).toHaveBeenCalledWith('acme');
});

test('a value changed elsewhere (Back, a link) replaces the text', () => {
  const box = renderSearchBox('acme');
  expect(box.text()).toBe('acme');
  box.rerender({ committed: 'globex' });
  expect(box.text()).toBe('globex');
  act(() => jest.advanceTimersByTime(500));
  expect(box.commit).not.toHaveBeenCalled();
});

test('its own commit coming back late does not overwrite what was typed since', () => {
  const box = renderSearchBox('');
  box.type('ab');
  act(() => jest.advanceTimersByTime(300));
  expect(box.commit).toHaveBeenLastCalledWith('ab');
  box.type('abc');
  box.rerender({ committed: 'ab' });
  expect(box.text()).toBe('abc');
  act(() => jest.advanceTimersByTime(300));
  expect(box.commit).toHaveBeenLastCalledWith('abc');
});
