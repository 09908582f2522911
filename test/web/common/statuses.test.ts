import { processingStatusLabel, ticketStatusLabel, toggledClientStatus } from '@/common/statuses';

test('processing statuses read as the spec labels them', () => {
  expect(['UPLOADING', 'QUEUED', 'CONSOLIDATING', 'CONSOLIDATED', 'SCRUBBING', 'SCRUBBED'].map(processingStatusLabel)).toEqual([
    'Uploading file...',
    'Queued for processing',
    'Consolidating file...',
    'Consolidation complete',
    'Scrubbing file...',
    'Processing complete',
  ]);
});

test('ticket statuses have labels and unknown values are shown as they are', () => {
  expect(['OPEN', 'IN_PROGRESS', 'COMPLETED', 'CLOSED', 'ESCALATED'].map(ticketStatusLabel)).toEqual([
    'Open',
    'In Progress',
    'Completed',
    'Closed',
    'ESCALATED',
  ]);
  expect(ticketStatusLabel('toString')).toBe('toString');
});

test('the client status pill switches to the other value', () => {
  expect(toggledClientStatus('ACTIVE')).toBe('INACTIVE');
  expect(toggledClientStatus('INACTIVE')).toBe('ACTIVE');
});
