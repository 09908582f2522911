import { contentDisposition } from '@/server/http/contentDisposition';

describe('the name a download is saved under', () => {
  it('loses the invisible characters a stored name may still hold, in both of its forms', () => {
    expect(contentDisposition('Invoice\u202Egpj.exe\u200B', 'attachment')).toBe(`attachment; filename="Invoicegpj.exe"; filename*=UTF-8''Invoicegpj.exe`);
  });

  it('keeps the letters of any script in the exact form', () => {
    expect(contentDisposition('Zoë.xlsx')).toBe(`inline; filename="Zo_.xlsx"; filename*=UTF-8''Zo%C3%AB.xlsx`);
  });
});
