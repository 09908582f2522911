import { Typography } from 'antd';

/** How wide a file name may grow in a table; longer names end in an ellipsis. */
export const FILE_NAME_WIDTH = 260;

/**
 * A file name in a table cell: a long unbroken name is cut with an ellipsis (the whole name shows on
 * hover), so it cannot push the other columns away.
 */
export function FileNameText({ name }: { name: string }) {
  return (
    <Typography.Text strong ellipsis={{ tooltip: name }} style={{ maxWidth: FILE_NAME_WIDTH }} data-testid="file-name">
      {name}
    </Typography.Text>
  );
}
