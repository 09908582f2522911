import { overrideReasonSchema } from '@/web/features/admin/weekly-uploads/overrideReasonSchema';

describe('the reason the review dialog asks for', () => {
  it('counts the characters that show, in the server’s words', async () => {
    await expect(overrideReasonSchema.validate({ reason: '\u200B'.repeat(12) })).rejects.toThrow('Give a reason of at least 10 characters.');
    await expect(overrideReasonSchema.validate({ reason: `Fine${'\u200B'.repeat(8)}` })).rejects.toThrow('Give a reason of at least 10 characters.');
    await expect(overrideReasonSchema.validate({ reason: '  Totals checked by hand  ' })).resolves.toEqual({ reason: 'Totals checked by hand' });
  });
});
