import { Badge, Flex, Progress, Typography } from 'antd';
import type { ProcessingStatus } from '@/web/api/generated';
import { progressSteps, type StepState } from './uploadStages';

const BADGE_STATUS = { done: 'success', active: 'processing', waiting: 'default' } as const;
const STATE_WORDS: Record<StepState, string> = { done: 'done', active: 'in progress', waiting: 'waiting' };

/**
 * The live progress of an upload: the dots Upload, Consolidate, Scrub, the share of the work done when
 * the server tells it (a bar under the dots), and the server's latest words.
 */
export function ProcessingDots({ status, message, progress }: { status: ProcessingStatus; message?: string | null; progress?: number }) {
  return (
    <Flex vertical gap={2}>
      <Flex component="ol" aria-label="Processing progress" gap="small" wrap style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {progressSteps(status).map(({ label, state }) => (
          <li key={label} aria-label={`${label}: ${STATE_WORDS[state]}`} data-state={state}>
            <Badge status={BADGE_STATUS[state]} text={label} />
          </li>
        ))}
      </Flex>
      {progress !== undefined && (
        <Progress percent={Math.floor(progress * 100)} size="small" aria-label="Share of processing done" style={{ margin: 0, maxWidth: 240 }} />
      )}
      {message && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {message}
        </Typography.Text>
      )}
    </Flex>
  );
}
