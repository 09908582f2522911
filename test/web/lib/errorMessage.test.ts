import { errorMessage, fieldErrors } from '@/web/lib/errorMessage';

const fallback = 'An unexpected error occurred. Please try again.';

test("an API error answer shows the server's message", () => {
  expect(errorMessage({ status: 409, data: { success: false, message: 'Company already exists' } })).toBe('Company already exists');
});

test('a thrown error shows its own message', () => {
  expect(errorMessage(new Error('Disk full'))).toBe('Disk full');
});

test.each([
  ['a network failure', { status: 'FETCH_ERROR', error: 'TypeError: fetch failed' }],
  ['an empty message', { status: 500, data: { message: '  ' } }],
  ['something that is not an error', 'boom'],
  ['nothing', undefined],
])('%s falls back to the generic sentence', (_case, error) => {
  expect(errorMessage(error)).toBe(fallback);
});

test('the fallback can be the screen’s own', () => {
  expect(errorMessage(undefined, 'Failed to load companies')).toBe('Failed to load companies');
});

test('field errors of a validation answer are keyed by field, first message wins', () => {
  const error = {
    status: 400,
    data: {
      error: 'VALIDATION_ERROR',
      errors: [
        { field: 'email', message: 'Invalid email format' },
        { field: 'email', message: 'Email is required' },
        { field: 'name', message: 'Name is required' },
      ],
    },
  };
  expect(fieldErrors(error)).toEqual({ email: 'Invalid email format', name: 'Name is required' });
  expect(fieldErrors({ status: 500, data: {} })).toEqual({});
});
