import { isMissingRecord, isUuid } from '@/web/lib/routeId';

test.each([
  ['0b7c2f1e-4d3a-4c5b-9e8f-1a2b3c4d5e6f', true],
  ['0B7C2F1E-4D3A-4C5B-9E8F-1A2B3C4D5E6F', true],
  ['not-a-uuid', false],
  ['xyz', false],
  ['0b7c2f1e-4d3a-4c5b-9e8f-1a2b3c4d5e6f0', false],
  ['', false],
  [undefined, false],
])('%s is a route id: %s', (value, expected) => {
  expect(isUuid(value)).toBe(expected);
});

test('a 404, or a 400 naming the id, means the record does not exist', () => {
  expect(isMissingRecord({ status: 404, data: { message: 'Company not found' } })).toBe(true);
  expect(isMissingRecord({ status: 400, data: { errors: [{ field: 'id', message: 'id must be an id such as 3f2b8c1e-5d4a-4b6e-9c7d-0a1b2c3d4e5f.' }] } })).toBe(true);
});

test('other failures are not read as a missing record', () => {
  expect(isMissingRecord({ status: 400, data: { errors: [{ field: 'name', message: 'Company name is required' }] } })).toBe(false);
  expect(isMissingRecord({ status: 400, data: { message: 'Bad' } })).toBe(false);
  expect(isMissingRecord({ status: 403, data: { message: 'Forbidden' } })).toBe(false);
  expect(isMissingRecord({ status: 'FETCH_ERROR', error: 'offline' })).toBe(false);
  expect(isMissingRecord(undefined)).toBe(false);
});
