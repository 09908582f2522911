import { Flex, Tag } from 'antd';
import type { Upload } from '@/web/api/generated';
import { countOf } from '@/web/lib/countNoun';

type Checks = Pick<Upload, 'scrub_issues' | 'week_over_week_warnings'>;

/**
 * What processing found in an upload, as compact tags, so the staff member sees it before the admin
 * decides: the scrub's errors (an admin approves those only with a written reason) and warnings, and
 * the week-over-week changes since the client's last approved week. 'No issues' when all are none;
 * nothing before the upload is processed.
 */
export function UploadChecks({ upload }: { upload: Checks }) {
  const { scrub_issues: issues, week_over_week_warnings: changes } = upload;
  if (!issues && (changes ?? null) === null) return null;
  const tags: { key: string; color: string; text: string }[] = [];
  if (issues && issues.errors > 0) tags.push({ key: 'errors', color: 'error', text: countOf(issues.errors, 'errors') });
  if (issues && issues.warnings > 0) tags.push({ key: 'warnings', color: 'warning', text: countOf(issues.warnings, 'warnings') });
  if (changes) tags.push({ key: 'changes', color: 'warning', text: `${countOf(changes, 'changes')} since last week` });
  return (
    <Flex role="group" aria-label="Checks" gap={4} wrap>
      {tags.length === 0 ? (
        <Tag color="success" style={{ marginInlineEnd: 0 }}>
          No issues
        </Tag>
      ) : (
        tags.map(({ key, color, text }) => (
          <Tag key={key} color={color} style={{ marginInlineEnd: 0 }}>
            {text}
          </Tag>
        ))
      )}
    </Flex>
  );
}
