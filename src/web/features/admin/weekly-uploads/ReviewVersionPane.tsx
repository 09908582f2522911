import { Descriptions, Flex, Form, Input } from 'antd';
import type { FormikProps } from 'formik';
import type { FileVersion } from '@/web/api/generated';
import { fieldStatus } from '@/web/lib/fieldStatus';
import type { ReviewNotesValues } from './reviewNotesSchema';

interface ReviewVersionPaneProps {
  /** The version's name as its tab says it ('Raw File'). */
  label: string;
  version: FileVersion;
  /** The version's comment field in the notes form. */
  field: keyof ReviewNotesValues;
  form: FormikProps<ReviewNotesValues>;
}

/** One version in the review dialog (spec 2.12): its file and size, and the admin's optional comments on it. */
export function ReviewVersionPane({ label, version, field, form }: ReviewVersionPaneProps) {
  const id = `review-comments-${field}`;
  return (
    <Flex vertical gap="small">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'file', label: 'File', children: version.filename },
          { key: 'size', label: 'Size', children: `${version.file_size_mb.toFixed(2)} MB` },
        ]}
      />
      <Form layout="vertical" component={false}>
        <Form.Item label={`${label} Comments (optional)`} htmlFor={id} style={{ marginBottom: 0 }} {...fieldStatus(form, field)}>
          <Input.TextArea id={id} rows={2} {...form.getFieldProps(field)} />
        </Form.Item>
      </Form>
    </Flex>
  );
}
