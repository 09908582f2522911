import { auditChanges, auditValueText } from '@/common/audit';

describe('the changes an audit row shows', () => {
  it('leaves out a field that was empty before and after, whatever form the emptiness took', () => {
    const before = { approvalStatus: 'PENDING', notes: null, name: '' };
    const after = { approvalStatus: 'APPROVED', notes: {}, name: undefined };
    expect(auditChanges(before, after)).toEqual([{ field: 'approvalStatus', before: 'PENDING', after: 'APPROVED' }]);
  });

  it('shows a change to or from nothing as (none), and the entries of what is there', () => {
    const [change] = auditChanges({ notes: {} }, { notes: { raw: 'Wrong week' } });
    expect([auditValueText(change.before), auditValueText(change.after)]).toEqual(['(none)', 'raw: Wrong week']);
  });
});
