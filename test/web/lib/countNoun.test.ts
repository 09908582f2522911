import { countOf, nounFor, singularOf } from '@/web/lib/countNoun';

const companies = { singular: 'company', plural: 'companies' };

test('one takes the singular; none and many take the plural', () => {
  expect(countOf(1, companies)).toBe('1 company');
  expect(countOf(0, companies)).toBe('0 companies');
  expect(countOf(12, companies)).toBe('12 companies');
});

test.each([
  ['companies', 'company'],
  ['files', 'file'],
  ['tickets', 'ticket'],
  ['staff members', 'staff member'],
  ['staff', 'staff'],
])('a plural alone (%s) gives its regular singular (%s)', (plural, singular) => {
  expect(singularOf(plural)).toBe(singular);
  expect(nounFor(1, plural)).toBe(singular);
  expect(nounFor(2, plural)).toBe(plural);
});
