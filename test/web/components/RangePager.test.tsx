import { fireEvent, render, screen } from '@testing-library/react';
import { RangePager } from '@/web/components/RangePager';

const companies = { singular: 'company', plural: 'companies' };

test('one row is counted in the singular', () => {
  render(<RangePager page={1} pageSize={10} total={1} totalPages={1} noun={companies} onChange={() => undefined} />);
  expect(screen.getByText('Showing 1 to 1 of 1 company')).toBeInTheDocument();
  expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
});

test('many rows are counted in the plural, and the buttons move between pages', () => {
  const onChange = jest.fn();
  render(<RangePager page={2} pageSize={10} total={25} totalPages={3} noun={companies} onChange={onChange} />);
  expect(screen.getByText('Showing 11 to 20 of 25 companies')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(onChange.mock.calls).toEqual([[3], [1]]);
});

test('a plural alone stands for a regular noun', () => {
  render(<RangePager page={1} pageSize={10} total={1} totalPages={1} noun="files" onChange={() => undefined} />);
  expect(screen.getByText('Showing 1 to 1 of 1 file')).toBeInTheDocument();
});

test('nothing shows for an empty list', () => {
  const { container } = render(<RangePager page={1} pageSize={10} total={0} totalPages={0} noun={companies} onChange={() => undefined} />);
  expect(container).toBeEmptyDOMElement();
});
