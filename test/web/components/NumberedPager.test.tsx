import { fireEvent, render, screen, within } from '@testing-library/react';
import { NumberedPager, pageWindow } from '@/web/components/NumberedPager';

describe('the numbered page buttons (at most five)', () => {
  test.each([
    [1, 10, [1, 2, 3, 4, 5]],
    [2, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [6, 10, [4, 5, 6, 7, 8]],
    [8, 10, [6, 7, 8, 9, 10]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [1, 5, [1, 2, 3, 4, 5]],
    [5, 5, [1, 2, 3, 4, 5]],
    [2, 3, [1, 2, 3]],
    [1, 1, [1]],
    [1, 0, []],
  ])('page %i of %i offers %p', (page, totalPages, expected) => {
    expect(pageWindow(page, totalPages)).toEqual(expected);
  });
});

function pageButtons() {
  return within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('button')
    .map((button) => button.textContent);
}

test('shows Previous, the five pages around the current one and Next, and moves between pages', () => {
  const onChange = jest.fn();
  render(<NumberedPager page={6} totalPages={12} onChange={onChange} />);
  expect(pageButtons()).toEqual(['Previous', '4', '5', '6', '7', '8', 'Next']);
  expect(screen.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
  fireEvent.click(screen.getByRole('button', { name: 'Page 8' }));
  fireEvent.click(screen.getByRole('button', { name: 'Page 6' }));
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(onChange.mock.calls).toEqual([[8], [7], [5]]);
});

test('Previous is off on the first page and Next on the last', () => {
  const { rerender } = render(<NumberedPager page={1} totalPages={3} onChange={() => undefined} />);
  expect(pageButtons()).toEqual(['Previous', '1', '2', '3', 'Next']);
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  rerender(<NumberedPager page={3} totalPages={3} onChange={() => undefined} />);
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('nothing shows for a single page', () => {
  const { container } = render(<NumberedPager page={1} totalPages={1} onChange={() => undefined} />);
  expect(container).toBeEmptyDOMElement();
});
