import { initials } from '@/web/lib/initials';

test('initials are the first two letters of the name, upper-cased', () => {
  expect(initials('Alice Admin')).toBe('AL');
  expect(initials('bo')).toBe('BO');
  expect(initials('  Jo Ann ')).toBe('JO');
  expect(initials('', 'ST')).toBe('ST');
});
