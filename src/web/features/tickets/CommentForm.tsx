import { Alert, Button, Form, Input } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useAddTicketCommentMutation } from '@/web/api/generated';
import { errorMessage } from '@/web/lib/errorMessage';
import { fieldStatus } from '@/web/lib/fieldStatus';
import { useToast } from '@/web/lib/useToast';
import { commentSchema, type CommentValues } from './ticketSchemas';

/** Adds a comment to a ticket; Add Comment stays disabled until there is something to send. */
export function CommentForm({ ticketId }: { ticketId: string }) {
  const toast = useToast();
  const [addComment] = useAddTicketCommentMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormik<CommentValues>({
    initialValues: { comment: '' },
    validationSchema: commentSchema,
    validateOnChange: true,
    validateOnMount: true,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        await addComment({ id: ticketId, body: { comment: values.comment.trim() } }).unwrap();
        toast.success('Comment added successfully');
        helpers.resetForm();
        void helpers.validateForm({ comment: '' });
      } catch (error) {
        setFailure(errorMessage(error));
      }
    },
  });

  return (
    <form noValidate aria-label="New comment" onSubmit={formik.handleSubmit}>
      <Form layout="vertical" component={false}>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
        <Form.Item label="Add a comment" htmlFor="ticket-comment" {...fieldStatus(formik, 'comment')}>
          <Input.TextArea
            id="ticket-comment"
            rows={3}
            placeholder="Write your comment..."
            {...formik.getFieldProps('comment')}
            onChange={(event) => {
              void formik.setFieldTouched('comment', true, false);
              void formik.setFieldValue('comment', event.target.value, true);
            }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={!formik.isValid || formik.isSubmitting} loading={formik.isSubmitting}>
          Add Comment
        </Button>
      </Form>
    </form>
  );
}
