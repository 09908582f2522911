import { formatFileSize, formatMegabytes } from '@/web/lib/formatFileSize';

test.each([
  [0, '0 Bytes'],
  [9, '9 Bytes'],
  [1023, '1023 Bytes'],
  [1024, '1 KB'],
  [1536, '1.5 KB'],
  [1.5 * 1024 * 1024, '1.5 MB'],
  [12.345 * 1024 * 1024, '12.35 MB'],
  [3 * 1024 ** 3, '3 GB'],
  [2048 * 1024 ** 3, '2048 GB'],
])('%d bytes read %s', (bytes, text) => {
  expect(formatFileSize(bytes)).toBe(text);
});

test('megabytes keep two decimals where the spec asks for MB', () => {
  expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1.50 MB');
});
