import { storableFacts } from '@/server/services/uploads/uploadSummary';
import { storableText } from '@/server/services/review/pack/blocks';

/** What PostgreSQL's jsonb refuses: NUL, and half of a surrogate pair without its other half. */
describe('text stored as JSON', () => {
  it.each([
    ['a NUL', 'Crew\u0000 A', 'Crew\uFFFD A'],
    ['a high half alone', 'Ann \uD800 Lee', 'Ann \uFFFD Lee'],
    ['a low half alone', '\uDC00Lee', '\uFFFDLee'],
    ['a half at the end', 'Lee\uD83D', 'Lee\uFFFD'],
  ])('shows %s as U+FFFD', (_case, text, stored) => {
    expect(storableText(text)).toBe(stored);
  });

  it('keeps whole pairs and other text as it is', () => {
    expect(storableText('Zoë \u{1F600} 工资')).toBe('Zoë \u{1F600} 工资');
  });

  it("makes a week's facts storable, names and identifiers alike", () => {
    const facts = { employees: [{ key: 'id:\uD800', id: '\uD800', name: 'Ann\u0000 \uDC00Lee', gross: 10, rates: [12.5] }], totalGross: 10, totalHours: 0.8 };
    expect(storableFacts(facts)).toEqual({ employees: [{ key: 'id:\uFFFD', id: '\uFFFD', name: 'Ann\uFFFD \uFFFDLee', gross: 10, rates: [12.5] }], totalGross: 10, totalHours: 0.8 });
  });
});
