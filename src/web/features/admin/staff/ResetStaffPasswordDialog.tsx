import { type Staff, useResetCompanyStaffPasswordMutation } from '@/web/api/generated';
import { ResetPasswordDialog } from '@/web/components/ResetPasswordDialog';

/** Sets a new password for a staff member of the admin's company; they are signed out everywhere. */
export function ResetStaffPasswordDialog({ staff, onClose }: { staff: Staff | null; onClose: () => void }) {
  const [resetPassword] = useResetCompanyStaffPasswordMutation();
  return (
    <ResetPasswordDialog
      user={staff}
      onReset={(newPassword) => resetPassword({ id: staff?.id ?? '', passwordResetInput: { newPassword } }).unwrap()}
      onClose={onClose}
    />
  );
}
