import { Badge, Flex, Typography } from 'antd';
import type { ProcessingStatus } from '@/web/api/generated';
import { progressSteps, type StepState } from './uploadStages';

const BADGE_STATUS = { done: 'success', active: 'processing', waiting: 'default' } as const;
const STATE_WORDS: Record<StepState, string> = { done: 'done', active: 'in progress', waiting: 'waiting' };

/** The live progress of an upload: the dots Upload, Consolidate, Scrub, and the server's latest words. */
export function ProcessingDots({ status, message }: { status: ProcessingStatus; message?: string | null }) {
  return (
    <Flex vertical gap={2}>
      <Flex component="ol" aria-label="Processing progress" gap="small" wrap style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {progressSteps(status).map(({ label, state }) => (
          <li key={label} aria-label={`${label}: ${STATE_WORDS[state]}`} data-state={state}>
            <Badge status={BADGE_STATUS[state]} text={label} />
          </li>
        ))}
      </Flex>
      {message && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {message}
        </Typography.Text>
      )}
    </Flex>
  );
}
