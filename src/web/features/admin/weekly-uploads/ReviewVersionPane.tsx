import { Descriptions, Flex, Form, Input, Skeleton } from 'antd';
import type { FormikProps } from 'formik';
import type { FileVersion } from '@/web/api/generated';
import { fieldStatus } from '@/web/lib/fieldStatus';
import type { ReviewNotesValues } from './reviewNotesSchema';

interface ReviewVersionPaneProps {
  /** The version's name as its tab says it ('Raw File'). */
  label: string;
  /** The version's file and size, read when the dialog opened; undefined until they arrive. */
  version: FileVersion | undefined;
  /** The version's comment field in the notes form. */
  field: keyof ReviewNotesValues;
  form: FormikProps<ReviewNotesValues>;
}

/**
 * One version in the review dialog (spec 2.12): its file and size, and the admin's optional comments on
 * it. The comments can be written while the file and size are still on their way.
 */
export function ReviewVersionPane({ label, version, field, form }: ReviewVersionPaneProps) {
  const id = `review-comments-${field}`;
  return (
    <Flex vertical gap="small">
      {version ? (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'file', label: 'File', children: version.filename },
            { key: 'size', label: 'Size', children: `${version.file_size_mb.toFixed(2)} MB` },
          ]}
        />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 1 }} aria-label={`Loading the ${label.toLowerCase()}`} />
      )}
      <Form layout="vertical" component={false}>
        <Form.Item label={`${label} Comments (optional)`} htmlFor={id} style={{ marginBottom: 0 }} {...fieldStatus(form, field)}>
          <Input.TextArea id={id} rows={2} {...form.getFieldProps(field)} />
        </Form.Item>
      </Form>
    </Flex>
  );
}
